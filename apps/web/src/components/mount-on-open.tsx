import { Suspense, useState, type ReactNode } from 'react';

/**
 * Renders `children` — an overlay whose code loads lazily — from the first time `open` is true,
 * and keeps it mounted from then on, so it closes with its animation and keeps its state. Until
 * then nothing is rendered, so nothing is loaded: the overlays of the shell that most visits
 * never open stay out of the inbox route's JS (docs/benchmarks.md).
 */
export function MountOnOpen({ open, children }: { open: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open ? <Suspense fallback={null}>{children}</Suspense> : null;
}
