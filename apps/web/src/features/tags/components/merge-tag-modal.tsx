import { useState } from 'react';
import { Alert, Form, Modal, Select, Typography } from 'antd';
import type { TagWithUsage } from '@parley/contracts';
import { asErrorPayload, genericErrorMessage } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { useMergeTagMutation } from '../api/tags-api';
import { TagSwatch } from './tag-swatch';
import { plural, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';

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
  const targets = tags.filter((tag) => tag.id !== source.id);
  const target = targets.find((tag) => tag.id === targetId) ?? null;
  const sourceName = source.name;
  const targetName = target?.name ?? '';
  const usageCount = source.usage_count;

  const onMerge = async () => {
    if (!target) {
      setError(t`Pick the tag to merge into.`);
      return;
    }
    setError(null);
    try {
      const result = await merge({ id: source.id, into_tag_id: target.id }).unwrap();
      const keptName = result.tag.name;
      const movedCount = result.moved_conversations;
      toast.success(
        t`Tags merged`,
        plural(movedCount, {
          one: `# conversation moved from “${sourceName}” to “${keptName}”.`,
          other: `# conversations moved from “${sourceName}” to “${keptName}”.`,
        }),
      );
      onClose();
    } catch (failure) {
      setError(asErrorPayload(failure)?.message ?? genericErrorMessage());
    }
  };

  return (
    <Modal
      open
      title={t`Merge “${sourceName}” into another tag`}
      okText={t`Merge`}
      okButtonProps={{ danger: true, disabled: !target }}
      onOk={() => void onMerge()}
      onCancel={onClose}
      confirmLoading={merging.isLoading}
      destroyOnHidden
    >
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      {targets.length === 0 ? (
        <Typography.Paragraph>
          <Trans>There is no other tag to merge into. Create the tag you want to keep first.</Trans>
        </Typography.Paragraph>
      ) : (
        <Form layout="vertical" requiredMark={false}>
          <Form.Item label={t`Merge into`} htmlFor="merge-target">
            <Select<number, TagOption>
              id="merge-target"
              aria-label={t`Merge into`}
              placeholder={t`Pick the tag to keep`}
              showSearch={{ optionFilterProp: 'label' }}
              value={targetId ?? undefined}
              onChange={(id) => setTargetId(id)}
              options={targets.map((tag) => ({ value: tag.id, label: tag.name, color: tag.color }))}
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
              ? t`No conversation carries “${sourceName}”. It will be deleted and “${targetName}” kept.`
              : plural(usageCount, {
                  one: `# conversation tagged “${sourceName}” will be tagged “${targetName}” instead, and “${sourceName}” will be deleted.`,
                  other: `# conversations tagged “${sourceName}” will be tagged “${targetName}” instead, and “${sourceName}” will be deleted.`,
                })
          }
          description={t`Conversations that already carry both keep a single tag. This cannot be undone.`}
        />
      )}
    </Modal>
  );
}
