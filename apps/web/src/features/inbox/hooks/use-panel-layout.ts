import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  clampPanelWidth,
  panelSpecFor,
  readPanelVisibility,
  readPanelWidths,
  storePanelVisibility,
  storePanelWidths,
  type PanelSpec,
  type PanelVisibility,
  type PanelWidths,
  type ResizablePanel,
} from '../panel-layout';

function useViewportWidth(): number {
  const [width, setWidth] = useState(() => window.innerWidth);
  useEffect(() => {
    const onResize = () => setWidth(window.innerWidth);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return width;
}

export interface PanelLayout {
  spec: PanelSpec;
  widths: PanelWidths;
  visible: PanelVisibility;
  /** Sets a panel's width (clamped); saved under `resizable-panels` when `persist`. */
  resize: (panel: ResizablePanel, width: number, persist?: boolean) => void;
  /** Saves the current widths under `resizable-panels`. */
  commit: () => void;
  /** Back to the standard width for this viewport (and forgets the saved one). */
  reset: (panel: ResizablePanel) => void;
  toggle: (panel: ResizablePanel) => void;
}

/** The three-panel layout: widths per viewport (docs/product/limits.md), user widths and visibility saved locally. */
export function usePanelLayout(): PanelLayout {
  const viewport = useViewportWidth();
  const spec = panelSpecFor(viewport);
  const [chosen, setChosen] = useState<Partial<PanelWidths>>(readPanelWidths);
  const [visible, setVisible] = useState<PanelVisibility>(readPanelVisibility);
  // The latest widths for the handlers (kept in step with the state by the setters below).
  const chosenRef = useRef(chosen);

  const widths = useMemo<PanelWidths>(
    () => ({
      views: clampPanelWidth('views', chosen.views ?? spec.views, spec),
      list: clampPanelWidth('list', chosen.list ?? spec.list, spec),
    }),
    [chosen, spec],
  );

  const resize = useCallback(
    (panel: ResizablePanel, width: number, persist = false) => {
      const next = { ...chosenRef.current, [panel]: clampPanelWidth(panel, width, spec) };
      chosenRef.current = next;
      setChosen(next);
      if (persist) storePanelWidths(next);
    },
    [spec],
  );
  const commit = useCallback(() => storePanelWidths(chosenRef.current), []);
  const reset = useCallback((panel: ResizablePanel) => {
    const next = { ...chosenRef.current };
    delete next[panel];
    chosenRef.current = next;
    setChosen(next);
    storePanelWidths(next);
  }, []);
  const toggle = useCallback((panel: ResizablePanel) => {
    setVisible((current) => {
      const next = { ...current, [panel]: !current[panel] };
      storePanelVisibility(next);
      return next;
    });
  }, []);

  return { spec, widths, visible, resize, commit, reset, toggle };
}
