import { useRef, useState } from 'react';
import {
  Alert,
  Avatar,
  Button,
  Card,
  Flex,
  Form,
  Input,
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
  type Me,
} from '@parley/contracts';
import { useAppSelector } from '../../../app/hooks';
import { PageHeader } from '../../../components/page-header';
import { initialsBackground, initialsOf } from '../../../components/person-avatar';
import { uploadAttachment, uploadErrorText } from '../../../lib/attachment-upload';
import { applyApiErrorToForm } from '../../../lib/form-errors';
import { playNotificationSound } from '../../../lib/notification-sound';
import { productName } from '../../../lib/product';
import { isCanceledRequest } from '../../../lib/request';
import { toast } from '../../../lib/toast';
import { useGetMeQuery } from '../../auth/api/me-api';
import { useUpdateProfileMutation } from '../api/profile-api';
import { ColorField } from '../../../components/color-field';
import { StandaloneLink } from '../../../components/standalone-link';

/** The sound select's value for "follow the workspace's live chat sound" (null on the wire). */
const ACCOUNT_SOUND = 'account';

interface ProfileValues {
  name: string;
  profile_color: string;
  notification_sound: number | typeof ACCOUNT_SOUND;
  is_notification_sound_enabled: boolean;
}

/** What will happen to the picture on save. */
type Picture =
  | { kind: 'unchanged' }
  | { kind: 'uploading'; preview: string }
  | { kind: 'new'; id: number; preview: string }
  | { kind: 'removed' };

export const PROFILE_SAVED_MESSAGE = 'Profile saved';
export const PICTURE_TYPE_MESSAGE = 'Choose a PNG, JPEG, GIF or WebP image.';
export const PICTURE_SIZE_MESSAGE = `A profile picture may be at most ${AVATAR_MAX_BYTES / 1_000_000} MB.`;

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
});

/** /settings/profile: name, picture, colour and notification sound of the signed-in person. */
export function ProfilePage() {
  const { data: fetched, error: loadError, refetch } = useGetMeQuery();
  const stored = useAppSelector((state) => state.auth.me);
  const me = fetched ?? stored;

  return (
    <div style={{ maxWidth: 640 }}>
      <PageHeader
        title="Profile"
        description={`How your teammates see you, and how ${productName} sounds for you.`}
        extra={
          <StandaloneLink to="/settings/profile/changepassword">Change password</StandaloneLink>
        }
      />
      {!me && loadError && (
        <Alert
          type="error"
          showIcon
          title={'message' in loadError ? loadError.message : 'Your profile could not be loaded.'}
          action={
            <Button size="small" onClick={() => void refetch()}>
              Try again
            </Button>
          }
        />
      )}
      {!me && !loadError && <Spin />}
      {me && <ProfileForm key={me.id} me={me} />}
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
      setPictureError(PICTURE_TYPE_MESSAGE);
      return;
    }
    if (file.size > AVATAR_MAX_BYTES) {
      setPictureError(PICTURE_SIZE_MESSAGE);
      return;
    }
    const preview = await readAsDataUrl(file).catch(() => null);
    if (!preview) {
      setPictureError('That file could not be read. Choose another picture.');
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
      }).unwrap();
      setPicture({ kind: 'unchanged' });
      toast.success(PROFILE_SAVED_MESSAGE);
    } catch (failure) {
      const message = applyApiErrorToForm(form, failure, [
        'name',
        'profile_color',
        'notification_sound',
        'is_notification_sound_enabled',
      ]);
      setError(message);
    }
  };

  const soundOptions = [
    {
      value: ACCOUNT_SOUND,
      label: `Workspace default (${NOTIFICATION_SOUNDS[accountSound] ?? 'None'})`,
    },
    ...NOTIFICATION_SOUNDS.map((sound, index) => ({ value: index, label: sound })),
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
        <Form.Item label="Profile picture">
          <Flex align="center" gap={16}>
            {shownPicture ? (
              <Avatar size={72} src={shownPicture} alt="Profile picture preview" />
            ) : (
              <Avatar
                size={72}
                aria-label="Initials preview"
                style={{
                  background: initialsBackground(color),
                  color: '#fff',
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
                  {shownPicture ? 'Change picture' : 'Upload picture'}
                </Button>
                {shownPicture && picture.kind !== 'uploading' && (
                  <Button
                    icon={<DeleteOutlined />}
                    onClick={() => {
                      setPictureError(null);
                      setPicture(me.avatar ? { kind: 'removed' } : { kind: 'unchanged' });
                    }}
                  >
                    Remove
                  </Button>
                )}
              </Space>
              <Typography.Text type="secondary">
                PNG, JPEG, GIF or WebP, up to {AVATAR_MAX_BYTES / 1_000_000} MB.
                {picture.kind === 'new' || picture.kind === 'removed'
                  ? ' Save to apply the change.'
                  : ''}
              </Typography.Text>
            </Space>
            <input
              ref={fileInput}
              type="file"
              aria-label="Choose a profile picture"
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
          label="Name"
          name="name"
          rules={[
            { required: true, whitespace: true, message: 'Enter your name.' },
            { max: 120, message: 'Use at most 120 characters.' },
          ]}
        >
          <Input autoComplete="name" />
        </Form.Item>

        <Form.Item
          label="Colour"
          name="profile_color"
          extra="Shown behind your initials when you have no picture."
        >
          <ColorField palette={PROFILE_COLOR_CHOICES} />
        </Form.Item>

        <Form.Item label="Notification sound" required={false}>
          <Flex gap={8}>
            <Form.Item name="notification_sound" noStyle>
              <Select
                aria-label="Notification sound"
                options={soundOptions}
                style={{ maxWidth: 280, flex: 1 }}
              />
            </Form.Item>
            <Button
              icon={<SoundOutlined />}
              disabled={!audible}
              onClick={() => {
                if (!playNotificationSound(soundIndex))
                  toast.info('Your browser cannot play sounds here.');
              }}
            >
              Play
            </Button>
          </Flex>
        </Form.Item>

        <Form.Item
          label="Play a sound when a customer writes on live chat"
          name="is_notification_sound_enabled"
          valuePropName="checked"
        >
          <Switch aria-label="Play a sound when a customer writes on live chat" />
        </Form.Item>

        <Flex gap={8}>
          <Button
            type="primary"
            htmlType="submit"
            loading={saving}
            disabled={picture.kind === 'uploading'}
          >
            Save changes
          </Button>
          <Button
            onClick={() => {
              form.setFieldsValue(valuesOf(me));
              setPicture({ kind: 'unchanged' });
              setPictureError(null);
              setError(null);
            }}
          >
            Discard
          </Button>
        </Flex>
      </Form>
    </Card>
  );
}
