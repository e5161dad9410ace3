import { useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * Content wider than a phone (a table, the busiest-hours grid) scrolls sideways inside this box,
 * not the page. While it does scroll, the box is a named region in the tab order, so the keyboard
 * can scroll it too (WCAG 2.1.1; axe `scrollable-region-focusable`); where it fits, it is a plain
 * box and no extra tab stop.
 */
export function ScrollRegion({
  label,
  minWidth,
  children,
}: {
  /** What the region holds, for screen readers ("Team members"). */
  label: string;
  /** The width the content needs before it scrolls. */
  minWidth?: number;
  children: ReactNode;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const el = box.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const measure = () => setScrolls(el.scrollWidth > el.clientWidth + 1);
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    measure();
    return () => observer.disconnect();
  }, []);
  return (
    <div
      ref={box}
      style={{ overflowX: 'auto' }}
      {...(scrolls ? { role: 'region', 'aria-label': label, tabIndex: 0 } : {})}
    >
      <div style={{ minWidth }}>{children}</div>
    </div>
  );
}
