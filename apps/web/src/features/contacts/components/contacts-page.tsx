import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Alert, Avatar, Button, Card, Flex, Input, List, Select, Tag, Typography } from 'antd';
import { DownloadOutlined, UploadOutlined, UserOutlined } from '@ant-design/icons';
import { plural, t } from '@lingui/core/macro';
import { CONTACT_SORTS, type ContactListItem, type ContactSort } from '@parley/contracts';
import { useAppSelector } from '../../../app/hooks';
import { PageHeader } from '../../../components/page-header';
import { formatDate, formatDateTime, formatRelative } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { channelLabel } from '../../conversation';
import { downloadContactsCsv, useGetContactsQuery } from '../api/contacts-api';
import { contactName, sortLabel } from '../contact-labels';
import { useDebounced } from '../use-debounced';
import { ImportContactsModal } from './import-contacts-modal';

function ContactRow({ contact }: { contact: ContactListItem }) {
  const name = contactName(contact);
  const count = contact.conversation_count;
  const reachable = [contact.email, contact.phone].filter(Boolean).join(' · ');
  const added = formatDate(contact.created_at);
  return (
    <List.Item>
      <List.Item.Meta
        avatar={<Avatar src={contact.avatar ?? undefined} icon={<UserOutlined />} />}
        title={
          <Link to={`/contacts/${contact.id}`} dir="auto">
            {name}
          </Link>
        }
        description={
          <Flex vertical gap={4}>
            {reachable && (
              <Typography.Text type="secondary" dir="auto" style={{ overflowWrap: 'anywhere' }}>
                {reachable}
              </Typography.Text>
            )}
            <Flex gap={4} wrap align="center">
              {contact.channel_types.map((type) => (
                <Tag key={type} style={{ marginInlineEnd: 0 }}>
                  {channelLabel(type)}
                </Tag>
              ))}
              <Typography.Text type="secondary">
                {plural(count, { one: '# conversation', other: '# conversations' })}
              </Typography.Text>
              <Typography.Text type="secondary">
                {' · '}
                {contact.last_activity_at ? (
                  <time
                    dateTime={contact.last_activity_at}
                    title={formatDateTime(contact.last_activity_at)}
                  >
                    {formatRelative(contact.last_activity_at)}
                  </time>
                ) : (
                  <time dateTime={contact.created_at}>{t`Added ${added}`}</time>
                )}
              </Typography.Text>
            </Flex>
          </Flex>
        }
      />
    </List.Item>
  );
}

/** One page of contacts; the page after it is asked for when the person wants more. */
function ContactsListPage({
  search,
  sort,
  cursor,
  isLast,
  onMore,
  generation,
}: {
  search: string;
  sort: ContactSort;
  cursor?: string;
  isLast: boolean;
  onMore: (cursor: string) => void;
  /** Grows after an import: the page is read again. */
  generation: number;
}) {
  const { data, error, isFetching, refetch } = useGetContactsQuery({ search, sort, cursor });
  useEffect(() => {
    if (generation > 0) void refetch();
  }, [generation, refetch]);
  if (error)
    return (
      <Alert
        type="error"
        showIcon
        title={'message' in error ? error.message : t`The contacts could not be loaded.`}
        action={
          <Button size="small" onClick={() => void refetch()}>
            {t`Try again`}
          </Button>
        }
      />
    );
  return (
    <>
      <List<ContactListItem>
        loading={isFetching && !data}
        dataSource={data?.items ?? []}
        rowKey="id"
        locale={{
          emptyText:
            cursor !== undefined
              ? t`No more contacts.`
              : search
                ? t`No contact matches this search.`
                : t`No contacts yet: everyone who writes to you appears here.`,
        }}
        renderItem={(contact) => <ContactRow contact={contact} />}
      />
      {isLast && data?.next_cursor && (
        <Flex justify="center" style={{ padding: 12 }}>
          <Button onClick={() => onMore(data.next_cursor!)}>{t`Show more`}</Button>
        </Flex>
      )}
    </>
  );
}

/**
 * Contacts (/contacts): everyone the workspace talks to, found by the start of a name, email,
 * phone number or channel identifier, sorted, a page at a time, and exported as CSV.
 */
export function ContactsPage() {
  const [text, setText] = useState('');
  const [sort, setSort] = useState<ContactSort>('newest');
  const search = useDebounced(text.trim());
  // The pages shown so far: the first (no cursor), then one per "Show more".
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const [exporting, setExporting] = useState(false);
  const [importing, setImporting] = useState(false);
  const [generation, setGeneration] = useState(0);
  const me = useAppSelector((state) => state.auth.me);
  // The server lets owners and admins import; agents are not offered it.
  const canImport = me ? me.permission_level !== 'agent' : false;
  const listKey = `${search}|${sort}`;
  const [shownFor, setShownFor] = useState(listKey);
  if (shownFor !== listKey) {
    // A new search or sort starts again from its first page.
    setShownFor(listKey);
    setCursors([undefined]);
  }

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadContactsCsv({ search, sort });
    } catch (error) {
      toast.error((error as Error).message || t`The CSV could not be downloaded.`);
    } finally {
      setExporting(false);
    }
  };

  return (
    <div style={{ maxWidth: 960, margin: '0 auto', padding: 'clamp(12px, 3vw, 24px)' }}>
      <PageHeader
        title={t`Contacts`}
        description={t`Everyone who has written to you, on every channel.`}
        extra={
          <Flex gap={8} wrap>
            {canImport && (
              <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
                {t`Import`}
              </Button>
            )}
            <Button
              icon={<DownloadOutlined />}
              loading={exporting}
              onClick={() => void exportCsv()}
            >
              {t`Export CSV`}
            </Button>
          </Flex>
        }
      />
      {canImport && (
        <ImportContactsModal
          open={importing}
          onClose={(imported) => {
            setImporting(false);
            if (imported) setGeneration((g) => g + 1);
          }}
        />
      )}
      <Flex gap={8} wrap style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          aria-label={t`Search contacts`}
          placeholder={t`Name, email, phone or identifier`}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onSearch={(value) => setText(value)}
          style={{ flex: '1 1 240px' }}
        />
        <Select<ContactSort>
          aria-label={t`Sort`}
          value={sort}
          onChange={setSort}
          style={{ flex: '0 1 200px', minWidth: 160 }}
          options={CONTACT_SORTS.map((value) => ({ value, label: sortLabel(value) }))}
        />
      </Flex>
      <Card variant="borderless" styles={{ body: { paddingBlock: 0 } }}>
        {cursors.map((cursor, index) => (
          <ContactsListPage
            key={`${listKey}:${cursor ?? 'first'}`}
            search={search}
            sort={sort}
            cursor={cursor}
            isLast={index === cursors.length - 1}
            onMore={(next) => setCursors((shown) => [...shown, next])}
            generation={generation}
          />
        ))}
      </Card>
    </div>
  );
}
