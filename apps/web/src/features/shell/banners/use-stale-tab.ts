import { useEffect, useState } from 'react';
import {
  BUILD_INFO_PATH,
  BUILD_META_NAME,
  STALE_TAB_AFTER_MS,
  type BuildInfo,
} from '@parley/contracts';

/** After the first 30 minutes, how often the tab asks again (a tiny uncached file). */
export const BUILD_RECHECK_MS = 60_000;

/** The build this tab runs: the id its index.html names (none on the Vite dev server). */
export function tabBuild(doc: Document = document): string | null {
  return doc.querySelector<HTMLMetaElement>(`meta[name="${BUILD_META_NAME}"]`)?.content || null;
}

/** A refresh is needed only when the server serves another build than the tab's. */
export function isNewerBuildServed(tab: string | null, served: string | null): boolean {
  return tab !== null && served !== null && served !== tab;
}

/** The build the server serves now, or null when it cannot tell (offline, an old server). */
export async function servedBuild(): Promise<string | null> {
  try {
    const response = await fetch(BUILD_INFO_PATH, { cache: 'no-store' });
    if (!response.ok) return null;
    const { build } = (await response.json()) as Partial<BuildInfo>;
    return typeof build === 'string' && build ? build : null;
  } catch {
    return null;
  }
}

/**
 * docs/product/states.md, docs/product/limits.md: after 30 minutes (1,800,000 ms) the open tab flags that a refresh is needed — when
 * a newer build is served than the one it runs. From then on it asks the server every minute.
 */
export function useStaleTab(): boolean {
  const [stale, setStale] = useState(false);
  useEffect(() => {
    const tab = tabBuild();
    if (tab === null) return;
    let timer: ReturnType<typeof setTimeout>;
    let cancelled = false;
    const check = async () => {
      const newer = isNewerBuildServed(tab, await servedBuild());
      if (cancelled) return;
      if (newer) setStale(true);
      else timer = setTimeout(check, BUILD_RECHECK_MS);
    };
    timer = setTimeout(check, STALE_TAB_AFTER_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, []);
  return stale;
}
