import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { BUILD_META_NAME, STALE_TAB_AFTER_MS } from '@parley/contracts';
import { fakeApi, json } from '../../../test/fake-api';
import { BUILD_RECHECK_MS, isNewerBuildServed, useStaleTab } from './use-stale-tab';

function runBuild(id: string) {
  const meta = document.createElement('meta');
  meta.name = BUILD_META_NAME;
  meta.content = id;
  document.head.append(meta);
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => {
  document.querySelector(`meta[name="${BUILD_META_NAME}"]`)?.remove();
  vi.useRealTimers();
});

/** Lets the timers fire and the fetch they started settle. */
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe('stale tab: a refresh only when a newer build is served', () => {
  it('the rule: another build served than the tab runs; unknown on either side is not stale', () => {
    expect(isNewerBuildServed('a1', 'b2')).toBe(true);
    expect(isNewerBuildServed('a1', 'a1')).toBe(false);
    expect(isNewerBuildServed('a1', null)).toBe(false);
    expect(isNewerBuildServed(null, 'b2')).toBe(false);
  });

  it('after 30 minutes with the same build served, no banner; a build deployed later shows it', async () => {
    runBuild('a1');
    let served = 'a1';
    const api = fakeApi({ 'GET /build.json': () => json(200, { build: served }) });
    const { result } = renderHook(() => useStaleTab());

    await advance(STALE_TAB_AFTER_MS - 1);
    expect(api.calls).toHaveLength(0);
    await advance(1);
    expect(api.calls).toHaveLength(1);
    expect(result.current).toBe(false);

    served = 'b2';
    await advance(BUILD_RECHECK_MS);
    expect(result.current).toBe(true);
    // Flagged once: no more asking.
    await advance(BUILD_RECHECK_MS * 3);
    expect(api.calls).toHaveLength(2);
  });

  it('a newer build already served shows the banner at 30 minutes, not before', async () => {
    runBuild('a1');
    fakeApi({ 'GET /build.json': json(200, { build: 'b2' }) });
    const { result } = renderHook(() => useStaleTab());
    await advance(STALE_TAB_AFTER_MS - 1_000);
    expect(result.current).toBe(false);
    await advance(1_000);
    expect(result.current).toBe(true);
  });

  it('a server that cannot tell (no build.json, offline) never flags the tab', async () => {
    runBuild('a1');
    fakeApi({});
    const { result } = renderHook(() => useStaleTab());
    await advance(STALE_TAB_AFTER_MS + BUILD_RECHECK_MS * 2);
    expect(result.current).toBe(false);
  });

  it('a tab with no build id (the Vite dev server) never asks', async () => {
    const api = fakeApi({ 'GET /build.json': json(200, { build: 'b2' }) });
    const { result } = renderHook(() => useStaleTab());
    await advance(STALE_TAB_AFTER_MS * 2);
    expect(api.calls).toHaveLength(0);
    expect(result.current).toBe(false);
  });
});
