import { Tag } from 'antd';
import type { FeatureRequestStatus } from '@parley/contracts';
import { t } from '@lingui/core/macro';

/** A status's name in the active language (English: the contract's FEATURE_REQUEST_STATUS_LABELS). */
export function statusLabel(status: FeatureRequestStatus): string {
  switch (status) {
    case 'under_review':
      return t`Under review`;
    case 'planned':
      return t`Planned`;
    case 'in_progress':
      return t`In progress`;
    case 'done':
      return t`Done`;
    case 'declined':
      return t`Declined`;
  }
}

// theme-ignore-next-line: antd's preset tag colours, which follow dark mode
const COLORS: Record<FeatureRequestStatus, string> = {
  under_review: 'default',
  planned: 'blue',
  in_progress: 'gold',
  done: 'green',
  declined: 'red',
};

/** Where the operator put the request, as a coloured tag. */
export function StatusTag({ status }: { status: FeatureRequestStatus }) {
  return (
    <Tag color={COLORS[status]} style={{ marginInlineEnd: 0 }}>
      {statusLabel(status)}
    </Tag>
  );
}
