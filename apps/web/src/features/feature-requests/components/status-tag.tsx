import { Tag } from 'antd';
import { FEATURE_REQUEST_STATUS_LABELS, type FeatureRequestStatus } from '@parley/contracts';

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
      {FEATURE_REQUEST_STATUS_LABELS[status]}
    </Tag>
  );
}
