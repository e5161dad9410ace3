import { useEffect, useState } from 'react';
import { Alert, Button, Card, Empty, Flex, Input, Menu, Spin, Tag, Typography } from 'antd';
import { FolderOutlined, PlusOutlined } from '@ant-design/icons';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { PageHeader } from '../../../components/page-header';
import { usePhoneLayout } from '../../../lib/use-phone-layout';
import { toast } from '../../../lib/toast';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import {
  createFastReply,
  deleteFastReplyFolder,
  deleteSelectedFastReply,
  fastRepliesSearched,
  fastReplyKey,
  fastReplySelected,
  fetchFastReplies,
  folderAdded,
  updateFastReply,
} from '../fast-reply-slice';
import { editorKey, FastReplyEditor, type FastReplySubmission } from './fast-reply-editor';

/** docs/product/errors.md: the exact toast texts (in English), read in the active language. */
export const fastReplyToasts = () => ({
  created: t`Template Created.`,
  updated: t`Template Updated.`,
  deleted: t`Template Deleted.`,
  serverError: t`An Error Ocurred on the Server`,
  copied: t`Copied to Clipboard`,
});

type FetchResult = Awaited<ReturnType<ReturnType<typeof fetchFastReplies>>>;

/** What a fetch means for the page: a failure in words, loaded, or loaded with no template. */
function loadOutcome(result: FetchResult): {
  error: string | null;
  loaded: boolean;
  empty: boolean;
} {
  if (fetchFastReplies.fulfilled.match(result)) {
    return { error: null, loaded: true, empty: result.payload.fast_replies.length === 0 };
  }
  if (result.payload?.code === 'canceled') return { error: null, loaded: false, empty: false };
  return {
    error: result.payload?.message ?? t`The templates could not be loaded.`,
    loaded: false,
    empty: false,
  };
}

function FoldersPanel({ folders, onRemoved }: { folders: string[]; onRemoved: () => void }) {
  const dispatch = useAppDispatch();
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const add = () => {
    const trimmed = name.trim();
    if (!trimmed) return;
    if (folders.some((folder) => folder.toLowerCase() === trimmed.toLowerCase())) {
      const folderName = trimmed;
      setProblem(t`There is already a folder called "${folderName}".`);
      return;
    }
    if (trimmed.length > 60) {
      setProblem(t`Folder names have at most 60 characters.`);
      return;
    }
    dispatch(folderAdded(trimmed));
    setName('');
    setProblem(null);
  };

  const remove = async (folder: string) => {
    try {
      await dispatch(deleteFastReplyFolder(folder)).unwrap();
      onRemoved();
    } catch {
      toast.error(fastReplyToasts().serverError);
    }
  };

  return (
    <section aria-label={t`Folders`} style={{ marginBottom: 16 }}>
      <Typography.Text strong style={{ display: 'block', marginBottom: 8 }}>
        <Trans>Folders</Trans>
      </Typography.Text>
      {folders.length === 0 ? (
        <Typography.Text type="secondary">
          <Trans>No folders yet.</Trans>
        </Typography.Text>
      ) : (
        <Flex wrap gap={6} role="list" aria-label={t`Folder list`}>
          {folders.map((folder) => (
            <Tag
              key={folder}
              role="listitem"
              icon={<FolderOutlined />}
              closable
              closeIcon={<span aria-label={t`Remove folder ${folder}`}>×</span>}
              onClose={(event) => {
                event.preventDefault();
                void remove(folder);
              }}
            >
              <bdi>{folder}</bdi>
            </Tag>
          ))}
        </Flex>
      )}
      <Flex gap={6} style={{ marginTop: 8 }}>
        <Input
          size="small"
          aria-label={t`New folder name`}
          placeholder={t`New folder`}
          dir="auto"
          value={name}
          maxLength={80}
          status={problem ? 'error' : undefined}
          onChange={(event) => {
            setName(event.target.value);
            setProblem(null);
          }}
          onPressEnter={add}
        />
        <Button size="small" onClick={add}>
          <Trans>Add folder</Trans>
        </Button>
      </Flex>
      {problem && (
        <Typography.Text type="danger" role="alert" style={{ fontSize: 12 }}>
          {problem}
        </Typography.Text>
      )}
    </section>
  );
}

/** /settings/fastreplies: the account's fast-reply templates (docs/product/data.md, docs/product/states.md, docs/product/api.md, docs/product/errors.md). */
export function FastRepliesPage() {
  const dispatch = useAppDispatch();
  const state = useAppSelector((root) => root.fastReply);
  const { data, filteredFastReplies, selectedKeys, selectedFastReply, folders } = state;
  const { loading, submitting } = state;
  const phone = usePhoneLayout();
  const [creating, setCreating] = useState(false);
  const [search, setSearch] = useState('');
  const [loaded, setLoaded] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);

  // The server's list on arrival, not only the persisted copy.
  useEffect(() => {
    const pending = dispatch(fetchFastReplies({ createMode: false }));
    void pending.then((result) => {
      const outcome = loadOutcome(result);
      setLoadError(outcome.error);
      if (outcome.loaded) setLoaded(true);
      if (outcome.empty) setCreating(true);
    });
    return () => pending.abort();
  }, [dispatch]);

  /** The list changed: the search applies to it again. */
  const refilter = () => dispatch(fastRepliesSearched(search));

  const load = async () => {
    setLoadError(null);
    const outcome = loadOutcome(await dispatch(fetchFastReplies({ createMode: creating })));
    setLoadError(outcome.error);
    if (outcome.loaded) setLoaded(true);
    refilter();
  };

  const startCreate = () => {
    setCreating(true);
    dispatch(fastReplySelected(null));
  };

  const cancelCreate = () => {
    setCreating(false);
    dispatch(fastReplySelected(data[0]?.id ?? null));
  };

  const submit = async (values: FastReplySubmission): Promise<boolean> => {
    try {
      if (creating || !selectedFastReply) {
        await dispatch(createFastReply(values)).unwrap();
        setCreating(false);
        refilter();
        toast.success(fastReplyToasts().created);
      } else {
        await dispatch(updateFastReply({ id: selectedFastReply.id, changes: values })).unwrap();
        refilter();
        toast.success(fastReplyToasts().updated);
      }
      return true;
    } catch (failure) {
      const message = (failure as { message?: string } | undefined)?.message;
      toast.error(fastReplyToasts().serverError, message);
      return false;
    }
  };

  const remove = async () => {
    try {
      await dispatch(deleteSelectedFastReply()).unwrap();
      refilter();
      toast.success(fastReplyToasts().deleted);
    } catch (failure) {
      const message = (failure as { message?: string } | undefined)?.message;
      toast.error(fastReplyToasts().serverError, message);
    }
  };

  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      toast.success(fastReplyToasts().copied);
    } catch {
      toast.error(t`Copying is not allowed in this browser. Select the text and copy it instead.`);
    }
  };

  const editing = creating ? null : selectedFastReply;
  const showEditor = creating || selectedFastReply !== null;

  return (
    <div style={{ maxWidth: 1100 }}>
      <PageHeader
        title={t`Fast replies`}
        description={t`Saved answers your team can drop into a reply. Type / in the composer to use one.`}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={startCreate} disabled={creating}>
            <Trans>New template</Trans>
          </Button>
        }
      />
      {loadError && (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={t`The templates could not be loaded.`}
          description={loadError}
          action={
            <Button size="small" onClick={() => void load()}>
              <Trans>Try again</Trans>
            </Button>
          }
          style={{ marginBottom: 16 }}
        />
      )}
      {/* A phone has no room beside the editor: the list comes first, full width. */}
      <Flex gap={phone ? 16 : 24} align="flex-start" vertical={phone}>
        <Card variant="borderless" style={{ width: phone ? '100%' : 320, flexShrink: 0 }}>
          <FoldersPanel folders={folders} onRemoved={refilter} />
          <Input.Search
            aria-label={t`Search templates`}
            placeholder={t`Search by name, text or folder`}
            allowClear
            value={search}
            onChange={(event) => {
              setSearch(event.target.value);
              dispatch(fastRepliesSearched(event.target.value));
            }}
            style={{ marginBottom: 12 }}
          />
          {loading && !loaded && data.length === 0 ? (
            <Flex justify="center" style={{ padding: 24 }}>
              <Spin />
            </Flex>
          ) : filteredFastReplies.length === 0 ? (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={search ? t`No template matches.` : t`No templates yet.`}
            />
          ) : (
            <nav aria-label={t`Templates`}>
              <Menu
                mode="inline"
                selectedKeys={creating ? [] : selectedKeys}
                style={{ borderInlineEnd: 'none' }}
                onClick={({ key }) => {
                  const item = filteredFastReplies.find((i) => fastReplyKey(i.id) === key);
                  if (!item) return;
                  setCreating(false);
                  dispatch(fastReplySelected(item.id));
                }}
                items={filteredFastReplies.map((item) => ({
                  key: fastReplyKey(item.id),
                  label: (
                    <Flex justify="space-between" gap={8}>
                      <span dir="auto" style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
                        {item.name}
                      </span>
                      {item.folder && (
                        <Typography.Text dir="auto" type="secondary" style={{ fontSize: 12 }}>
                          {item.folder}
                        </Typography.Text>
                      )}
                    </Flex>
                  ),
                }))}
              />
            </nav>
          )}
        </Card>
        <div style={{ flex: 1, minWidth: 0, width: phone ? '100%' : undefined }}>
          {showEditor ? (
            <FastReplyEditor
              key={editorKey(editing)}
              template={editing}
              folders={folders}
              submitting={submitting}
              onSubmit={submit}
              onDelete={() => void remove()}
              onCopy={(text) => void copy(text)}
              {...(data.length > 0 ? { onCancelCreate: cancelCreate } : {})}
            />
          ) : (
            <Card variant="borderless">
              <Empty description={t`Choose a template, or create a new one.`} />
            </Card>
          )}
        </div>
      </Flex>
    </div>
  );
}
