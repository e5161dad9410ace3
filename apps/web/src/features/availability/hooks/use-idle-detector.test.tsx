import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render } from '@testing-library/react';
import { LAST_INPUT_AT_KEY } from '@parley/contracts';
import { useIdleDetector } from './use-idle-detector';

function Probe({ onChange }: { onChange: (idle: boolean) => void }) {
  useIdleDetector(onChange, 60_000);
  return null;
}

afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
});

describe('idle detector', () => {
  it('reports idle after a while without input, and active again at the next input', () => {
    vi.useFakeTimers();
    const changes: boolean[] = [];
    render(<Probe onChange={(idle) => changes.push(idle)} />);
    act(() => void vi.advanceTimersByTime(30_000));
    fireEvent.keyDown(window);
    act(() => void vi.advanceTimersByTime(59_000));
    expect(changes).toEqual([]);
    act(() => void vi.advanceTimersByTime(2_000));
    expect(changes).toEqual([true]);
    fireEvent.pointerDown(window);
    expect(changes).toEqual([true, false]);
    // Many moves report nothing more.
    fireEvent.pointerMove(window);
    fireEvent.pointerMove(window);
    expect(changes).toEqual([true, false]);
  });

  it('input in another tab of the app keeps this one from going idle, and wakes it', () => {
    vi.useFakeTimers();
    const changes: boolean[] = [];
    render(<Probe onChange={(idle) => changes.push(idle)} />);
    act(() => void vi.advanceTimersByTime(50_000));
    // Another tab saw input (it writes the shared time; this tab hears of it).
    localStorage.setItem(LAST_INPUT_AT_KEY, String(Date.now()));
    act(() => void vi.advanceTimersByTime(20_000));
    expect(changes).toEqual([]);
    act(() => void vi.advanceTimersByTime(45_000));
    expect(changes).toEqual([true]);
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: LAST_INPUT_AT_KEY }));
    });
    expect(changes).toEqual([true, false]);
  });
});
