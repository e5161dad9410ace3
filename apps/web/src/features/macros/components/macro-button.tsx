import { lazy, Suspense } from 'react';
import { Button, Popover, Spin, Tooltip } from 'antd';
import { ThunderboltOutlined } from '@ant-design/icons';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';

// The list, its search and the API calls load when the picker first opens: the conversation
// pane is on the inbox's first visit.
const MacroPicker = lazy(() => import('./macro-picker').then((m) => ({ default: m.MacroPicker })));

/** The conversation header's "Macros" button; `open` is the pane's, so its shortcut (m) opens it. */
export function MacroButton({
  conversationId,
  open,
  onOpenChange,
  compact,
}: {
  conversationId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** A phone: the icon alone. */
  compact?: boolean;
}) {
  return (
    <Popover
      open={open}
      onOpenChange={onOpenChange}
      trigger="click"
      placement="bottomRight"
      destroyOnHidden
      content={
        <Suspense fallback={<Spin />}>
          <MacroPicker conversationId={conversationId} onDone={() => onOpenChange(false)} />
        </Suspense>
      }
    >
      <Tooltip title={compact ? undefined : t`Run a macro (m)`}>
        <Button icon={<ThunderboltOutlined />} aria-label={compact ? t`Macros` : undefined}>
          {!compact && <Trans>Macros</Trans>}
        </Button>
      </Tooltip>
    </Popover>
  );
}
