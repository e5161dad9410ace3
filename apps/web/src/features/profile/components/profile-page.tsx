import { useRef, useState } from 'react';
import {
  Alert,
  Avatar,
  Button,
  Card,
  Flex,
  Form,
  Input,
  Radio,
  Select,
  Space,
  Spin,
  Switch,
  Typography,
} from 'antd';
import { DeleteOutlined, SoundOutlined, UploadOutlined } from '@ant-design/icons';
import {
  AVATAR_CONTENT_TYPES,
  AVATAR_MAX_BYTES,
  NOTIFICATION_SOUNDS,
  PROFILE_COLOR_CHOICES,
  UI_LOCALES,
  type Me,
  type ThemePreference,
  type UiLocale,
} from '@parley/contracts';
import { useAppSelector } from '../../../app/hooks';
import { PageHeader } from '../../../components/page-header';
import { initialsBackground, initialsOf } from '../../../components/person-avatar';
import { uploadAttachment, uploadErrorText } from '../../../lib/attachment-upload';
import { applyApiErrorToForm } from '../../../lib/form-errors';
import { browserLocale, LOCALE_NAMES } from '../../../lib/i18n';
import { playNotificationSound, soundName } from '../../../lib/notification-sound';
import { productName } from '../../../lib/product';
import { isCanceledRequest } from '../../../lib/request';
import { toast } from '../../../lib/toast';
import { useGetMeQuery } from '../../auth';
import { useUpdateProfileMutation } from '../api/profile-api';
import { DesktopNotificationsSection } from '../../notifications';
import { UndoSendSection } from './undo-send-section';
import { ColorField } from '../../../components/color-field';
import { StandaloneLink } from '../../../components/standalone-link';
import { t } from '@lingui/core/macro';

/** The sound select's value for "follow the workspace's live chat sound" (null on the wire). */
const ACCOUNT_SOUND = 'account';
/** The language select's value for "the browser's language" (null on the wire). */
const BROWSER_LOCALE = 'browser';

interface ProfileValues {
  name: string;
  profile_color: string;
  notification_sound: number | typeof ACCOUNT_SOUND;
  is_notification_sound_enabled: boolean;
  locale: UiLocale | typeof BROWSER_LOCALE;
  theme: ThemePreference;
}

/** What will happen to the picture on save. */
type Picture =
  | { kind: 'unchanged' }
  | { kind: 'uploading'; preview: string }
  | { kind: 'new'; id: number; preview: string }
  | { kind: 'removed' };

const AVATAR_MAX_MB = AVATAR_MAX_BYTES / 1_000_000;
export const profileSavedMessage = () => t`Profile saved`;
export const pictureTypeMessage = () => t`Choose a PNG, JPEG, GIF or WebP image.`;
export const pictureSizeMessage = () => t`A profile picture may be at most ${AVATAR_MAX_MB} MB.`;

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.addEventListener('load', () => resolve(String(reader.result)));
    reader.addEventListener('error', () => reject(reader.error ?? new Error('unreadable')));
    reader.readAsDataURL(file);
  });
}

const valuesOf = (me: Me): ProfileValues => ({
  name: me.name,
  profile_color: me.profile_color,
  notification_sound: me.notification_sound ?? ACCOUNT_SOUND,
  is_notification_sound_enabled: me.is_notification_sound_enabled,
  locale: me.locale ?? BROWSER_LOCALE,
  theme: me.theme ?? 'system',
});

/** /settings/profile: name, picture, colour and notification sound of the signed-in person. */
export function ProfilePage() {
  const { data: fetched, error: loadError, refetch } = useGetMeQuery();
  const stored = useAppSelector((state) => state.auth.me);
  const me = fetched ?? stored;

  return (
    <div style={{ maxWidth: 640 }}>
      <PageHeader
        title={t`Profile`}
        description={t`How your teammates see you, and how ${productName} sounds for you.`}
        extra={
          <StandaloneLink to="/settings/profile/changepassword">{t`Change password`}</StandaloneLink>
        }
      />
      {!me && loadError && (
        <Alert
          type="error"
          showIcon
          title={'message' in loadError ? loadError.message : t`Your profile could not be loaded.`}
          action={
            <Button size="small" onClick={() => void refetch()}>
              {t`Try again`}
            </Button>
          }
        />
      )}
      {!me && !loadError && <Spin />}
      {me && <ProfileForm key={me.id} me={me} />}
      {me && <UndoSendSection />}
      {me && <DesktopNotificationsSection />}
    </div>
  );
}

function ProfileForm({ me }: { me: Me }) {
  const [form] = Form.useForm<ProfileValues>();
  const [update, { isLoading: saving }] = useUpdateProfileMutation();
  const accountSound = useAppSelector((state) => state.globalSettings.live_chat_notification_sound);
  const [picture, setPicture] = useState<Picture>({ kind: 'unchanged' });
  const [pictureError, setPictureError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const name = Form.useWatch('name', form) ?? me.name;
  const color = Form.useWatch('profile_color', form) ?? me.profile_color;
  const soundChoice = Form.useWatch('notification_sound', form) ?? ACCOUNT_SOUND;
  const soundIndex = soundChoice === ACCOUNT_SOUND ? accountSound : soundChoice;
  const audible = (NOTIFICATION_SOUNDS[soundIndex] ?? 'None') !== 'None';

  const shownPicture =
    picture.kind === 'uploading' || picture.kind === 'new'
      ? picture.preview
      : picture.kind === 'removed'
        ? null
        : me.avatar;

  const choosePicture = async (file: File | undefined) => {
    setPictureError(null);
    if (!file) return;
    if (!(AVATAR_CONTENT_TYPES as readonly string[]).includes(file.type)) {
      setPictureError(pictureTypeMessage());
      return;
    }
    if (file.size > AVATAR_MAX_BYTES) {
      setPictureError(pictureSizeMessage());
      return;
    }
    const preview = await readAsDataUrl(file).catch(() => null);
    if (!preview) {
      setPictureError(t`That file could not be read. Choose another picture.`);
      return;
    }
    setPicture({ kind: 'uploading', preview });
    try {
      const uploaded = await uploadAttachment(file);
      if (isCanceledRequest(uploaded)) return;
      setPicture({ kind: 'new', id: uploaded.id, preview });
    } catch (failure) {
      setPicture({ kind: 'unchanged' });
      setPictureError(uploadErrorText(failure));
    }
  };

  const onFinish = async (values: ProfileValues) => {
    setError(null);
    try {
      await update({
        name: values.name,
        profile_color: values.profile_color,
        notification_sound:
          values.notification_sound === ACCOUNT_SOUND ? null : values.notification_sound,
        is_notification_sound_enabled: values.is_notification_sound_enabled,
        ...(picture.kind === 'new' ? { avatar_attachment_id: picture.id } : {}),
        ...(picture.kind === 'removed' ? { avatar_attachment_id: null } : {}),
        // Sent when changed: saving the form does not pin the browser's language or theme.
        ...(values.locale !== valuesOf(me).locale
          ? { locale: values.locale === BROWSER_LOCALE ? null : values.locale }
          : {}),
        ...(values.theme !== valuesOf(me).theme ? { theme: values.theme } : {}),
      }).unwrap();
      setPicture({ kind: 'unchanged' });
      toast.success(profileSavedMessage());
    } catch (failure) {
      const message = applyApiErrorToForm(form, failure, [
        'name',
        'profile_color',
        'notification_sound',
        'is_notification_sound_enabled',
        'locale',
        'theme',
      ]);
      setError(message);
    }
  };

  const accountSoundName = soundName(NOTIFICATION_SOUNDS[accountSound] ?? 'None');
  const browserName = LOCALE_NAMES[browserLocale()];
  const localeOptions = [
    { value: BROWSER_LOCALE, label: t`The browser's language (${browserName})` },
    ...UI_LOCALES.map((locale) => ({ value: locale, label: LOCALE_NAMES[locale], lang: locale })),
  ];
  const themeOptions: Array<{ value: ThemePreference; label: string }> = [
    { value: 'system', label: t`Same as the device` },
    { value: 'light', label: t`Light` },
    { value: 'dark', label: t`Dark` },
  ];

  const soundOptions = [
    {
      value: ACCOUNT_SOUND,
      label: t`Workspace default (${accountSoundName})`,
    },
    ...NOTIFICATION_SOUNDS.map((sound, index) => ({ value: index, label: soundName(sound) })),
  ];

  return (
    <Card variant="borderless">
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 20 }} />}
      <Form<ProfileValues>
        form={form}
        name="profile"
        layout="vertical"
        requiredMark={false}
        initialValues={valuesOf(me)}
        onFinish={onFinish}
      >
        <Form.Item label={t`Profile picture`}>
          <Flex align="center" gap={16}>
            {shownPicture ? (
              <Avatar size={72} src={shownPicture} alt={t`Profile picture preview`} />
            ) : (
              <Avatar
                size={72}
                aria-label={t`Initials preview`}
                style={{
                  background: initialsBackground(color),
                  // Initials on the person's own colour, which the palette keeps dark.
                  color: 'var(--parley-color-text-light-solid)',
                  fontWeight: 600,
                  fontSize: 26,
                }}
              >
                {initialsOf(name) || me.initials}
              </Avatar>
            )}
            <Space orientation="vertical" size={4}>
              <Space>
                <Button
                  icon={<UploadOutlined />}
                  loading={picture.kind === 'uploading'}
                  onClick={() => fileInput.current?.click()}
                >
                  {shownPicture ? t`Change picture` : t`Upload picture`}
                </Button>
                {shownPicture && picture.kind !== 'uploading' && (
                  <Button
                    icon={<DeleteOutlined />}
                    onClick={() => {
                      setPictureError(null);
                      setPicture(me.avatar ? { kind: 'removed' } : { kind: 'unchanged' });
                    }}
                  >
                    {t`Remove`}
                  </Button>
                )}
              </Space>
              <Typography.Text type="secondary">
                {t`PNG, JPEG, GIF or WebP, up to ${AVATAR_MAX_MB} MB.`}
                {picture.kind === 'new' || picture.kind === 'removed'
                  ? ` ${t`Save to apply the change.`}`
                  : ''}
              </Typography.Text>
            </Space>
            <input
              ref={fileInput}
              type="file"
              aria-label={t`Choose a profile picture`}
              accept={AVATAR_CONTENT_TYPES.join(',')}
              style={{ display: 'none' }}
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = '';
                void choosePicture(file);
              }}
            />
          </Flex>
          {pictureError && (
            <Alert type="error" showIcon title={pictureError} style={{ marginTop: 12 }} />
          )}
        </Form.Item>

        <Form.Item
          label={t`Name`}
          name="name"
          rules={[
            { required: true, whitespace: true, message: t`Enter your name.` },
            { max: 120, message: t`Use at most 120 characters.` },
          ]}
        >
          <Input autoComplete="name" />
        </Form.Item>

        <Form.Item
          label={t`Colour`}
          name="profile_color"
          extra={t`Shown behind your initials when you have no picture.`}
        >
          <ColorField palette={PROFILE_COLOR_CHOICES} />
        </Form.Item>

        <Form.Item label={t`Notification sound`} required={false}>
          <Flex gap={8}>
            <Form.Item name="notification_sound" noStyle>
              <Select
                aria-label={t`Notification sound`}
                options={soundOptions}
                style={{ maxWidth: 280, flex: 1 }}
              />
            </Form.Item>
            <Button
              icon={<SoundOutlined />}
              disabled={!audible}
              onClick={() => {
                if (!playNotificationSound(soundIndex))
                  toast.info(t`Your browser cannot play sounds here.`);
              }}
            >
              {t`Play`}
            </Button>
          </Flex>
        </Form.Item>

        <Form.Item
          label={t`Play a sound for new notifications and live chat messages`}
          name="is_notification_sound_enabled"
          valuePropName="checked"
        >
          <Switch aria-label={t`Play a sound for new notifications and live chat messages`} />
        </Form.Item>

        <Form.Item label={t`Language`} name="locale">
          <Select aria-label={t`Language`} options={localeOptions} style={{ maxWidth: 280 }} />
        </Form.Item>

        <Form.Item label={t`Theme`} name="theme">
          <Radio.Group aria-label={t`Theme`} options={themeOptions} optionType="button" />
        </Form.Item>

        <Flex gap={8}>
          <Button
            type="primary"
            htmlType="submit"
            loading={saving}
            disabled={picture.kind === 'uploading'}
          >
            {t`Save changes`}
          </Button>
          <Button
            onClick={() => {
              form.setFieldsValue(valuesOf(me));
              setPicture({ kind: 'unchanged' });
              setPictureError(null);
              setError(null);
            }}
          >
            {t`Discard`}
          </Button>
        </Flex>
      </Form>
    </Card>
  );
}
