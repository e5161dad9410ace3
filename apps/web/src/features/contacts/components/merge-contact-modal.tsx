import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert, Modal, Select, Typography } from 'antd';
import { plural, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import type { ContactDetail, ContactListItem } from '@parley/contracts';
import { toast } from '../../../lib/toast';
import { useGetContactsQuery, useMergeContactMutation } from '../api/contacts-api';
import { contactName } from '../contact-labels';
import { useDebounced } from '../use-debounced';

/** What the person picking sees of a contact: its name and how to tell it apart. */
function optionLabel(contact: ContactListItem) {
  const more = [contact.email, contact.phone].filter(Boolean).join(' · ');
  return more ? `${contactName(contact)} (${more})` : contactName(contact);
}

/**
 * "Merge into…": pick the contact to keep; this one's identities and conversations move to it,
 * its empty fields are filled from this one, and this one is deleted. Says so before it runs.
 */
export function MergeContactModal({
  contact,
  open,
  onClose,
}: {
  contact: ContactDetail;
  open: boolean;
  onClose: () => void;
}) {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const search = useDebounced(text.trim());
  const [picked, setPicked] = useState<ContactListItem | null>(null);
  const { data, isFetching } = useGetContactsQuery(
    { search, sort: 'name', limit: 20 },
    { skip: !open || !search },
  );
  const [merge, { isLoading, error }] = useMergeContactMutation();
  const candidates = (data?.items ?? []).filter((c) => c.id !== contact.id);

  const from = contactName(contact);
  const into = picked ? contactName(picked) : '';
  const conversations = contact.conversations.length;
  const identities = contact.identities.length;
  const moving = plural(conversations, {
    one: '# conversation',
    other: '# conversations',
  });
  const known = plural(identities, { one: '# channel identity', other: '# channel identities' });

  const confirm = async () => {
    if (!picked) return;
    try {
      const result = await merge({ id: contact.id, intoId: picked.id }).unwrap();
      toast.success(t`${from} was merged into ${into}`);
      onClose();
      navigate(`/contacts/${result.contact.id}`, { replace: true });
    } catch {
      // Shown in the dialog.
    }
  };

  return (
    <Modal
      open={open}
      title={t`Merge ${from} into another contact`}
      okText={t`Merge contacts`}
      okButtonProps={{ danger: true, disabled: !picked, loading: isLoading }}
      cancelText={t`Cancel`}
      onOk={() => void confirm()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph>
        {t`Pick the contact to keep: the same person known another way, by email or on another channel.`}
      </Typography.Paragraph>
      <Select<number>
        showSearch
        allowClear
        aria-label={t`Contact to keep`}
        placeholder={t`Search by name, email, phone or identifier`}
        filterOption={false}
        searchValue={text}
        onSearch={setText}
        loading={isFetching}
        notFoundContent={
          search ? (isFetching ? null : t`No other contact matches.`) : t`Type to search.`
        }
        value={picked?.id}
        onChange={(id) => setPicked(candidates.find((c) => c.id === id) ?? null)}
        onClear={() => setPicked(null)}
        options={candidates.map((c) => ({ value: c.id, label: optionLabel(c) }))}
        style={{ width: '100%' }}
      />
      {picked && (
        <Alert
          type="warning"
          showIcon
          style={{ marginTop: 16 }}
          title={
            <Trans>
              {moving} and {known} of {from} move to {into}. Fields {into} lacks are filled from{' '}
              {from}, attributes are combined ({into}’s win), and {from} is deleted. Each moved
              conversation notes the merge. This cannot be undone.
            </Trans>
          }
        />
      )}
      {error && (
        <Alert
          type="error"
          showIcon
          style={{ marginTop: 16 }}
          title={'message' in error ? error.message : t`The contacts could not be merged.`}
        />
      )}
    </Modal>
  );
}
