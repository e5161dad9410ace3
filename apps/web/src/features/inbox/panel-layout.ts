import { LOCAL_KEYS } from '@parley/contracts';

/**
 * Panel widths (docs/product/limits.md): at a viewport of 1440px or wider 200, 280, 300; otherwise 190, 260,
 * 280 — the views and list panels start at (and never shrink below) their width, the
 * conversation panel takes the rest and keeps at least its own.
 */
export const WIDE_VIEWPORT_PX = 1440;

/**
 * Below this width (antd's `md` breakpoint) the panels do not fit side by side: a phone shows one
 * screen at a time — the list, then a conversation, then its contact details — each with a back
 * step. The standard panel widths apply from here up.
 */
export { PHONE_BREAKPOINT_PX } from '../../lib/use-phone-layout';

export interface PanelSpec {
  views: number;
  list: number;
  conversation: number;
}

export const PANEL_WIDTHS: { wide: PanelSpec; narrow: PanelSpec } = {
  wide: { views: 200, list: 280, conversation: 300 },
  narrow: { views: 190, list: 260, conversation: 280 },
};

/** How wide a dragged panel may get. */
export const MAX_PANEL_WIDTHS = { views: 420, list: 640 } as const;

export type ResizablePanel = 'views' | 'list';
export type PanelWidths = Record<ResizablePanel, number>;
export type PanelVisibility = Record<ResizablePanel, boolean>;

export function panelSpecFor(viewportWidth: number): PanelSpec {
  return viewportWidth >= WIDE_VIEWPORT_PX ? PANEL_WIDTHS.wide : PANEL_WIDTHS.narrow;
}

export function clampPanelWidth(panel: ResizablePanel, width: number, spec: PanelSpec): number {
  return Math.round(Math.min(MAX_PANEL_WIDTHS[panel], Math.max(spec[panel], width)));
}

function readJson(key: string): Record<string, unknown> | null {
  try {
    const raw = localStorage.getItem(key);
    const value: unknown = raw ? JSON.parse(raw) : null;
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

function writeJson(key: string, value: object): void {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage unavailable: the layout lasts for this tab only.
  }
}

/** The widths the user dragged the panels to (`resizable-panels`), when they did. */
export function readPanelWidths(): Partial<PanelWidths> {
  const stored = readJson(LOCAL_KEYS.resizablePanels) ?? {};
  const widths: Partial<PanelWidths> = {};
  for (const panel of ['views', 'list'] as const) {
    const value = stored[panel];
    if (typeof value === 'number' && Number.isFinite(value) && value > 0) widths[panel] = value;
  }
  return widths;
}

export function storePanelWidths(widths: Partial<PanelWidths>): void {
  writeJson(LOCAL_KEYS.resizablePanels, widths);
}

/** Which panels are shown (`toogle-panels`, spelled so on purpose); both by default. */
export function readPanelVisibility(): PanelVisibility {
  const stored = readJson(LOCAL_KEYS.togglePanels) ?? {};
  return { views: stored.views !== false, list: stored.list !== false };
}

export function storePanelVisibility(visibility: PanelVisibility): void {
  writeJson(LOCAL_KEYS.togglePanels, visibility);
}
