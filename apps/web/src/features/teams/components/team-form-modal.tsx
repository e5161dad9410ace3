import { useState } from 'react';
import { Alert, Flex, Form, Input, Modal, Select } from 'antd';
import type { Team, TeamMembersResponse } from '@parley/contracts';
import { PersonAvatar } from '../../../components/person-avatar';
import { applyApiErrorToForm } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';
import {
  useCreateTeamMutation,
  useSetTeamMembersMutation,
  useUpdateTeamMutation,
} from '../api/teams-api';
import { t } from '@lingui/core/macro';

type Member = TeamMembersResponse['members'][number];

interface TeamFormValues {
  name: string;
  description?: string;
  user_ids: number[];
}

interface TeamFormModalProps {
  /** null: a new team. */
  team: Team | null;
  people: Member[];
  onClose: () => void;
}

const sameIds = (a: number[], b: number[]) =>
  a.length === b.length && [...a].sort().join() === [...b].sort().join();

/** Create a team, or rename it and change its members. Rendered only while open. */
export function TeamFormModal({ team, people, onClose }: TeamFormModalProps) {
  const [form] = Form.useForm<TeamFormValues>();
  const [createTeam, creating] = useCreateTeamMutation();
  const [updateTeam, updating] = useUpdateTeamMutation();
  const [setMembers, settingMembers] = useSetTeamMembersMutation();
  const [error, setError] = useState<string | null>(null);
  const busy = creating.isLoading || updating.isLoading || settingMembers.isLoading;

  const onFinish = async (values: TeamFormValues) => {
    setError(null);
    const description = values.description?.trim() || null;
    try {
      if (!team) {
        await createTeam({ name: values.name, description, user_ids: values.user_ids }).unwrap();
        toast.success(t`Team created`);
      } else {
        if (values.name !== team.name || description !== team.description) {
          await updateTeam({ id: team.id, name: values.name, description }).unwrap();
        }
        if (!sameIds(values.user_ids, team.member_ids)) {
          await setMembers({ id: team.id, user_ids: values.user_ids }).unwrap();
        }
        toast.success(t`Team updated`);
      }
      onClose();
    } catch (failure) {
      setError(applyApiErrorToForm(form, failure, ['name', 'description', 'user_ids']));
    }
  };

  const teamName = team?.name ?? '';
  return (
    <Modal
      open
      title={team ? t`Edit ${teamName}` : t`New team`}
      okText={team ? t`Save team` : t`Create team`}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={busy}
      destroyOnHidden
    >
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      <Form<TeamFormValues>
        form={form}
        name="team"
        layout="vertical"
        requiredMark={false}
        initialValues={{
          name: team?.name ?? '',
          description: team?.description ?? '',
          user_ids: team?.member_ids ?? [],
        }}
        onFinish={onFinish}
      >
        <Form.Item
          label={t`Team name`}
          name="name"
          rules={[
            { required: true, whitespace: true, message: t`Enter a team name.` },
            { max: 60, message: t`Use at most 60 characters.` },
          ]}
        >
          <Input dir="auto" autoFocus placeholder={t`Billing`} />
        </Form.Item>
        <Form.Item
          label={t`Description`}
          name="description"
          rules={[{ max: 300, message: t`Use at most 300 characters.` }]}
        >
          <Input.TextArea dir="auto" rows={2} placeholder={t`What this team handles (optional)`} />
        </Form.Item>
        <Form.Item label={t`Members`} name="user_ids">
          <Select
            mode="multiple"
            aria-label={t`Members`}
            placeholder={t`Choose teammates`}
            optionFilterProp="search"
            options={people.map((p) => ({
              value: p.id,
              search: `${p.name} ${p.email}`,
              label: (
                <Flex align="center" gap={8}>
                  <PersonAvatar person={p} size={20} />
                  <bdi>{p.name}</bdi>
                </Flex>
              ),
            }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
