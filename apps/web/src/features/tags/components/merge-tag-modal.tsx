import { useState } from 'react';
import { Alert, Form, Modal, Select, Typography } from 'antd';
import type { TagWithUsage } from '@parley/contracts';
import { asErrorPayload, GENERIC_ERROR_MESSAGE } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { useMergeTagMutation } from '../api/tags-api';
import { conversationsCount } from './conversations-count';
import { TagSwatch } from './tag-swatch';

interface TagOption {
  value: number;
  label: string;
  color: string;
}

const renderTagOption = (option: { data: TagOption }) => (
  <TagSwatch tag={{ name: option.data.label, color: option.data.color }} />
);

interface MergeTagModalProps {
  source: TagWithUsage;
  tags: TagWithUsage[];
  onClose: () => void;
}

/** Merge one tag into another: pick the tag that stays, read what moves, confirm. */
export function MergeTagModal({ source, tags, onClose }: MergeTagModalProps) {
  const [targetId, setTargetId] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [merge, merging] = useMergeTagMutation();
  const targets = tags.filter((t) => t.id !== source.id);
  const target = targets.find((t) => t.id === targetId) ?? null;

  const onMerge = async () => {
    if (!target) {
      setError('Pick the tag to merge into.');
      return;
    }
    setError(null);
    try {
      const result = await merge({ id: source.id, into_tag_id: target.id }).unwrap();
      toast.success(
        'Tags merged',
        `${conversationsCount(result.moved_conversations)} moved from “${source.name}” to “${result.tag.name}”.`,
      );
      onClose();
    } catch (failure) {
      setError(asErrorPayload(failure)?.message ?? GENERIC_ERROR_MESSAGE);
    }
  };

  return (
    <Modal
      open
      title={`Merge “${source.name}” into another tag`}
      okText="Merge"
      okButtonProps={{ danger: true, disabled: !target }}
      onOk={() => void onMerge()}
      onCancel={onClose}
      confirmLoading={merging.isLoading}
      destroyOnHidden
    >
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      {targets.length === 0 ? (
        <Typography.Paragraph>
          There is no other tag to merge into. Create the tag you want to keep first.
        </Typography.Paragraph>
      ) : (
        <Form layout="vertical" requiredMark={false}>
          <Form.Item label="Merge into" htmlFor="merge-target">
            <Select<number, TagOption>
              id="merge-target"
              aria-label="Merge into"
              placeholder="Pick the tag to keep"
              showSearch={{ optionFilterProp: 'label' }}
              value={targetId ?? undefined}
              onChange={(id) => setTargetId(id)}
              options={targets.map((t) => ({ value: t.id, label: t.name, color: t.color }))}
              optionRender={renderTagOption}
            />
          </Form.Item>
        </Form>
      )}
      {target && (
        <Alert
          type="warning"
          showIcon
          title={
            source.usage_count === 0
              ? `No conversation carries “${source.name}”. It will be deleted and “${target.name}” kept.`
              : `${conversationsCount(source.usage_count)} tagged “${source.name}” will be tagged “${target.name}” instead, and “${source.name}” will be deleted.`
          }
          description="Conversations that already carry both keep a single tag. This cannot be undone."
        />
      )}
    </Modal>
  );
}
