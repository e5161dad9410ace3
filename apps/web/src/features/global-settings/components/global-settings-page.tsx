import { useEffect, type ReactNode } from 'react';
import { Alert, Button, Card, Divider, Flex, Form, Select, Switch, Typography } from 'antd';
import { FONT_CHOICES, NOTIFICATION_SOUNDS, type GlobalSettings } from '@parley/contracts';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { PageHeader } from '../../../components/page-header';
import { toast } from '../../../lib/toast';
import { fetchGlobalSettings, updateGlobalSettings } from '../global-settings-slice';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { soundName } from '../../../lib/notification-sound';

/** docs/product/errors.md: the exact toast texts (in English), read in the active language. */
export const settingsSavedMessage = () => t`Global settings successfully updated`;
export const serverErrorMessage = () => t`An Error Ocurred on the Server`;

/** Each setting's name, in the active language. */
export const settingLabels = (): Record<keyof GlobalSettings, string> => ({
  default_fonts: t`Default fonts`,
  live_chat_notification_sound: t`Live chat notification sound`,
  auto_assign_user_on_reply: t`Auto-assign conversations to the agent who replies`,
  treat_subject_and_sender_combination_as_single_thread: t`Treat the same subject and sender as one conversation`,
  are_keyboard_shortcuts_disabled: t`Disable keyboard shortcuts`,
});

const FONT_OPTIONS = FONT_CHOICES.map((font) => ({
  value: font,
  label: <span style={{ fontFamily: font }}>{font}</span>,
}));

const soundOptions = () =>
  NOTIFICATION_SOUNDS.map((sound, index) => ({ value: index, label: soundName(sound) }));

type SwitchSetting =
  | 'auto_assign_user_on_reply'
  | 'treat_subject_and_sender_combination_as_single_thread'
  | 'are_keyboard_shortcuts_disabled';

const switches = (): Array<{ name: SwitchSetting; help: string }> => [
  {
    name: 'auto_assign_user_on_reply',
    help: t`When someone replies to an unassigned conversation, it becomes theirs.`,
  },
  {
    name: 'treat_subject_and_sender_combination_as_single_thread',
    help: t`Emails with the same subject from the same sender join one conversation instead of starting new ones.`,
  },
  {
    name: 'are_keyboard_shortcuts_disabled',
    help: t`Turn off the single-key shortcuts in the inbox for everyone in this workspace.`,
  },
];

function SettingRow({ title, help, control }: { title: string; help: string; control: ReactNode }) {
  return (
    <Flex align="center" justify="space-between" gap={24} style={{ padding: '4px 0' }}>
      <div>
        <Typography.Text strong>{title}</Typography.Text>
        <Typography.Paragraph type="secondary" style={{ margin: 0, marginBlockStart: 2 }}>
          {help}
        </Typography.Paragraph>
      </div>
      {control}
    </Flex>
  );
}

function pickSettings(state: GlobalSettings): GlobalSettings {
  return {
    default_fonts: state.default_fonts,
    live_chat_notification_sound: state.live_chat_notification_sound,
    auto_assign_user_on_reply: state.auto_assign_user_on_reply,
    treat_subject_and_sender_combination_as_single_thread:
      state.treat_subject_and_sender_combination_as_single_thread,
    are_keyboard_shortcuts_disabled: state.are_keyboard_shortcuts_disabled,
  };
}

export function GlobalSettingsPage() {
  const dispatch = useAppDispatch();
  const settingsState = useAppSelector((state) => state.globalSettings);
  const { loading, submitting, isFetched, error } = settingsState;
  const [form] = Form.useForm<GlobalSettings>();

  // Always show the server's current values on arrival, not only the persisted copy.
  useEffect(() => {
    void dispatch(fetchGlobalSettings());
  }, [dispatch]);

  const {
    default_fonts,
    live_chat_notification_sound,
    auto_assign_user_on_reply,
    treat_subject_and_sender_combination_as_single_thread,
    are_keyboard_shortcuts_disabled,
  } = settingsState;
  useEffect(() => {
    form.setFieldsValue({
      default_fonts,
      live_chat_notification_sound,
      auto_assign_user_on_reply,
      treat_subject_and_sender_combination_as_single_thread,
      are_keyboard_shortcuts_disabled,
    });
  }, [
    form,
    default_fonts,
    live_chat_notification_sound,
    auto_assign_user_on_reply,
    treat_subject_and_sender_combination_as_single_thread,
    are_keyboard_shortcuts_disabled,
  ]);

  const onFinish = async (values: GlobalSettings) => {
    try {
      await dispatch(updateGlobalSettings(pickSettings(values))).unwrap();
      toast.success(settingsSavedMessage());
    } catch {
      toast.error(serverErrorMessage());
    }
  };

  const labels = settingLabels();
  return (
    <div style={{ maxWidth: 760 }}>
      <PageHeader
        title={t`Global settings`}
        description={t`These apply to everyone in this workspace.`}
      />
      {error && !isFetched && (
        <Alert
          type="error"
          showIcon
          title={t`The settings could not be loaded.`}
          description={error.message}
          style={{ marginBottom: 16 }}
        />
      )}
      <Form<GlobalSettings>
        form={form}
        name="global-settings"
        layout="vertical"
        initialValues={pickSettings(settingsState)}
        onFinish={onFinish}
        disabled={submitting}
      >
        <Card
          variant="borderless"
          title={t`Composer and notifications`}
          loading={loading && !isFetched}
        >
          <Form.Item
            label={labels.default_fonts}
            name="default_fonts"
            extra={t`Fonts offered first when writing replies. Type a name to add one that is not listed.`}
            rules={[{ type: 'array', max: 20, message: t`Choose at most 20 fonts.` }]}
          >
            <Select
              mode="tags"
              options={FONT_OPTIONS}
              placeholder={t`Choose fonts`}
              aria-label={labels.default_fonts}
              tokenSeparators={[',']}
            />
          </Form.Item>
          <Form.Item
            label={labels.live_chat_notification_sound}
            name="live_chat_notification_sound"
            extra={t`Played when a new live chat message arrives.`}
            style={{ marginBottom: 0 }}
          >
            <Select
              options={soundOptions()}
              style={{ maxWidth: 240 }}
              aria-label={labels.live_chat_notification_sound}
            />
          </Form.Item>
        </Card>

        <Card
          variant="borderless"
          title={t`Conversations`}
          style={{ marginTop: 16 }}
          loading={loading && !isFetched}
        >
          {switches().map(({ name, help }, index) => (
            <div key={name}>
              {index > 0 && <Divider style={{ margin: '12px 0' }} />}
              <SettingRow
                title={labels[name]}
                help={help}
                control={
                  <Form.Item name={name} valuePropName="checked" noStyle>
                    <Switch aria-label={labels[name]} />
                  </Form.Item>
                }
              />
            </div>
          ))}
        </Card>

        <Flex justify="flex-end" style={{ marginTop: 20 }}>
          <Button type="primary" htmlType="submit" loading={submitting}>
            <Trans>Save</Trans>
          </Button>
        </Flex>
      </Form>
    </div>
  );
}
