import { useState } from 'react';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { Alert, Button, Checkbox, Form, Input, Modal, Popconfirm, Select, theme } from 'antd';
import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  EditOutlined,
} from '@ant-design/icons';
import {
  SAVED_VIEW_NAME_MAX,
  type ConversationMapping,
  type SavedView,
  type SavedViewFilters,
} from '@parley/contracts';
import { applyApiErrorToForm, splitApiError } from '../../../lib/form-errors';
import { hasSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useGetMeQuery } from '../../auth';
import {
  useCreateSavedViewMutation,
  useDeleteSavedViewMutation,
  useListSavedViewsQuery,
  useReorderSavedViewsMutation,
  useUpdateSavedViewMutation,
} from '../api/saved-views-api';
import { describeListFilters } from '../list-filter-labels';
import {
  openSavedViewSheet,
  savedViewFiltersOf,
  type CurrentFilters,
  type SavedViewSheet,
} from '../saved-views';
import { sortLabel, statusLabel } from './list-toolbar';

type Mapping = ConversationMapping | undefined;

interface SavedViewSheetsProps {
  sheet: SavedViewSheet | null;
  current: CurrentFilters;
  mapping: Mapping;
  onClose: () => void;
}

/** The saved views' dialogs: save the list's filters, edit one view, manage (order, delete). */
export function SavedViewSheets({ sheet, current, mapping, onClose }: SavedViewSheetsProps) {
  const { data } = useListSavedViewsQuery();
  const views = data?.views ?? [];
  const editing = sheet?.kind === 'edit' ? views.find((v) => v.id === sheet.id) : undefined;
  return (
    <>
      <SaveViewModal
        // A fresh form for each view edited.
        key={sheet?.kind === 'edit' ? sheet.id : 'new'}
        open={sheet?.kind === 'save' || (sheet?.kind === 'edit' && editing !== undefined)}
        view={editing}
        current={current}
        mapping={mapping}
        onClose={onClose}
      />
      <ManageViewsModal
        open={sheet?.kind === 'manage'}
        views={views}
        mapping={mapping}
        onClose={onClose}
      />
    </>
  );
}

interface FormValues {
  name: string;
  /** 0: only me; otherwise the team shared with. */
  team: number;
  useCurrent: boolean;
}

const FIELDS = ['name', 'team'] as const;
const API_FIELD_NAMES = { team_id: 'team' };

/**
 * The filters in words, e.g. "Unassigned · Open · Newest first · “refund” · Priority: High or
 * Urgent · SLA: Breached · Created 1 Mar 2026 – 31 Mar 2026".
 */
function describe(filters: SavedViewFilters | CurrentFilters, mapping: Mapping): string {
  const [kind, raw] = filters.view.split(':');
  const id = Number(raw);
  const view =
    filters.view === 'mine'
      ? t`Mine`
      : filters.view === 'unassigned'
        ? t`Unassigned`
        : filters.view === 'all'
          ? t`All`
          : kind === 'team'
            ? (mapping?.teams.find((team) => team.id === id)?.name ?? t`Team`)
            : kind === 'channel'
              ? (mapping?.support_channels.find((c) => c.id === id)?.name ?? t`Channel`)
              : (mapping?.tags.find((tag) => tag.id === id)?.name ?? t`Tag`);
  const parts = [view, statusLabel(filters.status), sortLabel(filters.sort)];
  if (filters.search) parts.push(`“${filters.search}”`);
  parts.push(...describeListFilters(filters));
  return parts.join(' · ');
}

/** Saves the list's filters as a new view, or renames / re-shares / re-filters one. */
function SaveViewModal({
  open,
  view,
  current,
  mapping,
  onClose,
}: {
  open: boolean;
  view: SavedView | undefined;
  current: CurrentFilters;
  mapping: Mapping;
  onClose: () => void;
}) {
  const [form] = Form.useForm<FormValues>();
  const [create, created] = useCreateSavedViewMutation();
  const [update, updated] = useUpdateSavedViewMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const { token } = theme.useToken();
  const { data: me } = useGetMeQuery(undefined, { skip: !hasSession() });
  const admin = me ? me.permission_level !== 'agent' : false;
  // An agent shares with their own teams; owners and admins with any (and keep a view's team).
  const shareable = (mapping?.teams ?? []).filter(
    (team) => admin || (me && team.member_ids.includes(me.id)) || team.id === view?.team_id,
  );
  const filters: SavedViewFilters = savedViewFiltersOf(current);

  const submit = async (values: FormValues) => {
    setProblem(null);
    const teamId = values.team === 0 ? null : values.team;
    try {
      if (view) {
        await update({
          id: view.id,
          patch: {
            name: values.name,
            team_id: teamId,
            ...(values.useCurrent ? { filters } : {}),
          },
        }).unwrap();
        toast.success(t`Saved view updated`);
      } else {
        await create({ name: values.name, filters, team_id: teamId }).unwrap();
        toast.success(t`View saved`);
      }
      form.resetFields();
      onClose();
    } catch (error) {
      setProblem(applyApiErrorToForm(form, error, FIELDS, API_FIELD_NAMES));
    }
  };

  return (
    <Modal
      open={open}
      title={view ? t`Edit saved view` : t`Save view`}
      okText={t`Save`}
      onOk={() => form.submit()}
      confirmLoading={created.isLoading || updated.isLoading}
      onCancel={onClose}
      destroyOnHidden
      width={480}
    >
      {problem && (
        <Alert type="error" showIcon title={problem} style={{ marginBottom: token.margin }} />
      )}
      <Form
        form={form}
        layout="vertical"
        initialValues={{ name: view?.name ?? '', team: view?.team_id ?? 0, useCurrent: false }}
        onFinish={(values) => void submit(values)}
      >
        <Form.Item
          name="name"
          label={t`Name`}
          rules={[
            { required: true, whitespace: true, message: t`Give the view a name.` },
            {
              max: SAVED_VIEW_NAME_MAX,
              message: t`Keep the name to ${SAVED_VIEW_NAME_MAX} characters or fewer.`,
            },
          ]}
        >
          <Input autoFocus autoComplete="off" maxLength={SAVED_VIEW_NAME_MAX} dir="auto" />
        </Form.Item>
        <Form.Item name="team" label={t`Who sees it`}>
          <Select
            options={[
              { value: 0, label: t`Only me` },
              ...shareable.map(({ id, name }) => ({ value: id, label: t`Shared with ${name}` })),
            ]}
          />
        </Form.Item>
        {view ? (
          <>
            <p style={{ color: token.colorTextSecondary, marginTop: 0 }}>
              <Trans>Shows: {describe(view.filters, mapping)}</Trans>
            </p>
            <Form.Item name="useCurrent" valuePropName="checked" style={{ marginBottom: 0 }}>
              <Checkbox>
                <Trans>Use the list’s current filters ({describe(current, mapping)})</Trans>
              </Checkbox>
            </Form.Item>
          </>
        ) : (
          <p style={{ color: token.colorTextSecondary, margin: 0 }}>
            <Trans>Shows: {describe(current, mapping)}</Trans>
          </p>
        )}
      </Form>
    </Modal>
  );
}

/** The saved views the agent sees: their order (up / down), edit, delete. */
function ManageViewsModal({
  open,
  views,
  mapping,
  onClose,
}: {
  open: boolean;
  views: readonly SavedView[];
  mapping: Mapping;
  onClose: () => void;
}) {
  const { token } = theme.useToken();
  const [reorder, reordering] = useReorderSavedViewsMutation();
  const [remove] = useDeleteSavedViewMutation();

  const move = async (index: number, delta: -1 | 1) => {
    const ids = views.map((v) => v.id);
    const [moved] = ids.splice(index, 1);
    if (moved === undefined) return;
    ids.splice(index + delta, 0, moved);
    try {
      await reorder(ids).unwrap();
    } catch (error) {
      toast.error(splitApiError(error, []).message ?? t`The order was not saved.`);
    }
  };
  const del = async (view: SavedView) => {
    try {
      await remove(view.id).unwrap();
      toast.success(t`Saved view deleted`);
    } catch (error) {
      toast.error(splitApiError(error, []).message ?? t`The view was not deleted.`);
    }
  };

  return (
    <Modal
      open={open}
      title={t`Saved views`}
      footer={
        <Button type="primary" onClick={onClose}>
          <Trans>Done</Trans>
        </Button>
      }
      onCancel={onClose}
      width={520}
    >
      {views.length === 0 ? (
        <p>
          <Trans>No saved views yet. Filter the list, then choose Save view.</Trans>
        </p>
      ) : (
        <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {views.map((view, index) => {
            const team = mapping?.teams.find((tm) => tm.id === view.team_id);
            const name = view.name;
            return (
              <li
                key={view.id}
                style={{
                  display: 'flex',
                  alignItems: 'center',
                  flexWrap: 'wrap',
                  gap: token.marginXS,
                  padding: `${token.paddingXS}px 0`,
                  borderBottom: `1px solid ${token.colorBorderSecondary}`,
                }}
              >
                <span style={{ flex: 1, minWidth: 120 }}>
                  <span dir="auto">{view.name}</span>
                  {team && (
                    <span
                      style={{
                        display: 'block',
                        color: token.colorTextSecondary,
                        fontSize: token.fontSizeSM,
                      }}
                    >
                      <Trans>Shared with {team.name}</Trans>
                    </span>
                  )}
                  <span
                    style={{
                      display: 'block',
                      color: token.colorTextSecondary,
                      fontSize: token.fontSizeSM,
                    }}
                  >
                    {describe(view.filters, mapping)}
                  </span>
                </span>
                <Button
                  size="small"
                  icon={<ArrowUpOutlined />}
                  aria-label={t`Move ${name} up`}
                  disabled={index === 0 || reordering.isLoading}
                  onClick={() => void move(index, -1)}
                />
                <Button
                  size="small"
                  icon={<ArrowDownOutlined />}
                  aria-label={t`Move ${name} down`}
                  disabled={index === views.length - 1 || reordering.isLoading}
                  onClick={() => void move(index, 1)}
                />
                {view.can_edit && (
                  <>
                    <Button
                      size="small"
                      icon={<EditOutlined />}
                      aria-label={t`Edit ${name}`}
                      onClick={() => openSavedViewSheet({ kind: 'edit', id: view.id })}
                    />
                    <Popconfirm
                      title={t`Delete “${name}”?`}
                      description={
                        view.team_id !== null
                          ? t`Its team will no longer see it either.`
                          : undefined
                      }
                      okText={t`Delete`}
                      okButtonProps={{ danger: true }}
                      cancelText={t`Cancel`}
                      onConfirm={() => del(view)}
                    >
                      <Button
                        size="small"
                        danger
                        icon={<DeleteOutlined />}
                        aria-label={t`Delete ${name}`}
                      />
                    </Popconfirm>
                  </>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </Modal>
  );
}
