import { lazy, Suspense, useEffect } from 'react';
import { useGetUndoSendQuery } from '../api/scheduled-messages-api';
import type { ComposerMode } from '../composer-drafts-slice';
import { useScheduledMessages } from '../hooks/use-scheduled-messages';
import { partitionScheduled } from '../scheduled-send';

// The rows, their actions and the undo countdown are a chunk of their own: most conversations
// have nothing scheduled, and the pane counts in the inbox's JS budget (docs/benchmarks.md).
const loadList = () => import('./scheduled-list');
const ScheduledList = lazy(() => loadList().then((m) => ({ default: m.ScheduledList })));

interface ScheduledStripProps {
  conversationId: number;
  meId: number | null;
  onRestored: (mode: ComposerMode) => void;
}

/**
 * Above the composer: the conversation's scheduled and failed messages and the agent's
 * "Sending… Undo" notices (docs/product/scheduled-send.md); nothing when there are none.
 */
export function ScheduledStrip({ conversationId, meId, onRestored }: ScheduledStripProps) {
  const items = useScheduledMessages(conversationId);
  // With an undo window every Send shows the countdown: its rows are fetched ahead.
  const undoOn = (useGetUndoSendQuery().data?.undo_send_seconds ?? 0) > 0;
  useEffect(() => {
    if (undoOn) void loadList();
  }, [undoOn]);

  const { listed, undoing } = partitionScheduled(items ?? [], meId);
  if (listed.length === 0 && undoing.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <ScheduledList
        conversationId={conversationId}
        meId={meId}
        listed={listed}
        undoing={undoing}
        onRestored={onRestored}
      />
    </Suspense>
  );
}
