import { useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  Alert,
  Button,
  Card,
  ColorPicker,
  Empty,
  Flex,
  Form,
  Input,
  InputNumber,
  Radio,
  Select,
  Switch,
  Typography,
} from 'antd';
import {
  WIDGET_CTA_MAX_LENGTH,
  WIDGET_SETTINGS_MESSAGES,
  WIDGET_Z_INDEX_MAX,
  WIDGET_Z_INDEX_MIN,
  type WidgetPublicSettings,
  type WidgetSettings,
} from '@parley/contracts';
import { useAppSelector } from '../../../app/hooks';
import { PageHeader } from '../../../components/page-header';
import { PageSpin } from '../../../components/page-spin';
import { applyApiErrorToForm } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';
import {
  useCreateStoreMutation,
  useGetWidgetSettingsQuery,
  useUpdateWidgetSettingsMutation,
} from '../api/widget-settings-api';
import { isHexColour, normalizeHex } from '../widget-colours';
import { ChatSettingsCard } from './chat-settings-card';
import { IdentitySecretCard } from './identity-secret-card';
import { InstallationSnippet } from './installation-snippet';
import { ShopifyConnectionCard } from './shopify-connection-card';
import { WidgetPreview } from './widget-preview';

export const WIDGET_SAVED_MESSAGE = 'Widget settings saved';
export const STORE_CREATED_MESSAGE = 'Store added';

interface StoreFormValues {
  name: string;
  myshopify_domain?: string;
}

/** A workspace without a store adds its first one here (owners and admins). */
function NewStoreForm() {
  const [form] = Form.useForm<StoreFormValues>();
  const [createStore, { isLoading }] = useCreateStoreMutation();
  const [error, setError] = useState<string | null>(null);
  const onFinish = async (values: StoreFormValues) => {
    setError(null);
    try {
      await createStore({
        name: values.name,
        myshopify_domain: values.myshopify_domain?.trim() || null,
      }).unwrap();
      toast.success(STORE_CREATED_MESSAGE);
    } catch (failure) {
      setError(
        applyApiErrorToForm(form, failure, ['name', 'myshopify_domain']) ??
          (form.getFieldsError().some((f) => f.errors.length > 0)
            ? null
            : 'The store could not be added. Please try again.'),
      );
    }
  };
  return (
    <Form
      form={form}
      name="new-store"
      aria-label="Add a store"
      layout="vertical"
      onFinish={(values) => void onFinish(values)}
      style={{ maxWidth: 420, margin: '16px auto 0', textAlign: 'start' }}
    >
      <Form.Item
        name="name"
        label="Store name"
        rules={[{ required: true, whitespace: true, message: 'Give the store a name.' }]}
      >
        <Input maxLength={120} placeholder="e.g. Acme Outdoor" />
      </Form.Item>
      <Form.Item
        name="myshopify_domain"
        label="Store domain"
        extra="Where the widget will run, like acme.myshopify.com or shop.acme.com."
      >
        <Input maxLength={253} placeholder="acme.myshopify.com" />
      </Form.Item>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      <Button type="primary" htmlType="submit" loading={isLoading}>
        Add store
      </Button>
    </Form>
  );
}

export const WIDGET_FIELD_LABELS = {
  is_widget_enabled: 'Show the widget on your store',
  primary: 'Primary colour',
  messageTheme: 'Theme',
  z_index: 'Z-index',
  cta: 'Call-to-action',
} as const;

interface FormValues {
  is_widget_enabled: boolean;
  primary: string;
  messageTheme: 'dark' | 'light';
  z_index: number | null;
  cta: string;
}

const FIELDS = ['is_widget_enabled', 'primary', 'messageTheme', 'z_index', 'cta'] as const;
/** The API's field paths (the public settings' shape) → the form's fields. */
const API_PATHS = {
  'basic_settings.is_widget_enabled': 'is_widget_enabled',
  'theme.primary': 'primary',
  'theme.messageTheme': 'messageTheme',
  'theme.z_index': 'z_index',
  'theme.cta': 'cta',
};

const toForm = (s: WidgetSettings): FormValues => ({
  is_widget_enabled: s.basic_settings.is_widget_enabled,
  ...s.theme,
});

/** A hex field with a picker beside it; both edit the same value (disabled with the form). */
function PrimaryColourField({
  id,
  value,
  onChange,
}: {
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
}) {
  return (
    <Flex gap={8} align="center">
      <ColorPicker
        value={isHexColour(value) ? normalizeHex(value) : '#000000'}
        format="hex"
        disabledAlpha
        disabledFormat
        aria-label="Pick the primary colour"
        onChangeComplete={(color) => onChange?.(color.toHexString().toLowerCase())}
      />
      <Input
        id={id}
        value={value}
        maxLength={7}
        placeholder="#3b5bdb"
        style={{ width: 140, fontFamily: 'monospace' }}
        onChange={(event) => onChange?.(event.target.value)}
      />
    </Flex>
  );
}

/** The form and the preview of one store's widget; remounted when another store is chosen. */
function WidgetEditor({ settings, canManage }: { settings: WidgetSettings; canManage: boolean }) {
  const [form] = Form.useForm<FormValues>();
  const [update, { isLoading: saving }] = useUpdateWidgetSettingsMutation();
  const [error, setError] = useState<string | null>(null);
  const initial = toForm(settings);
  const saved = settings.theme;
  const storeName = settings.store?.name ?? '';

  // The preview follows the form as it is edited; a value still being typed keeps the last good one.
  const watched = Form.useWatch([], form) as Partial<FormValues> | undefined;
  const values = { ...initial, ...watched };
  const theme: WidgetPublicSettings['theme'] = {
    primary: isHexColour(values.primary) ? normalizeHex(values.primary) : saved.primary,
    messageTheme: values.messageTheme === 'dark' ? 'dark' : 'light',
    z_index:
      typeof values.z_index === 'number' && Number.isInteger(values.z_index)
        ? values.z_index
        : saved.z_index,
    cta: values.cta?.trim() ? values.cta.trim() : saved.cta,
  };

  const onFinish = async (v: FormValues) => {
    setError(null);
    try {
      await update({
        brandId: settings.store?.id,
        body: {
          basic_settings: { is_widget_enabled: v.is_widget_enabled },
          theme: {
            primary: v.primary.trim(),
            messageTheme: v.messageTheme,
            z_index: v.z_index ?? saved.z_index,
            cta: v.cta.trim(),
          },
        },
      }).unwrap();
      toast.success(WIDGET_SAVED_MESSAGE);
    } catch (failure) {
      setError(applyApiErrorToForm(form, failure, FIELDS, API_PATHS));
    }
  };

  return (
    <Flex gap={24} wrap align="flex-start">
      <div style={{ flex: '1 1 380px', minWidth: 0, display: 'grid', gap: 24 }}>
        <Card title="Appearance" variant="borderless">
          {!settings.is_configured && (
            <Alert
              type="info"
              showIcon
              style={{ marginBottom: 16 }}
              title="Not set up yet: your store shows no chat button until these settings are saved with the widget switched on."
            />
          )}
          {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
          <Form<FormValues>
            form={form}
            name="widget-settings"
            layout="vertical"
            requiredMark={false}
            initialValues={initial}
            disabled={!canManage}
            onFinish={onFinish}
          >
            <Form.Item
              label={WIDGET_FIELD_LABELS.is_widget_enabled}
              name="is_widget_enabled"
              valuePropName="checked"
              extra="When off, the store's pages show no chat button."
            >
              <Switch />
            </Form.Item>
            <Form.Item
              label={WIDGET_FIELD_LABELS.primary}
              name="primary"
              extra="The launcher button, the panel's header and your visitors' messages."
              rules={[
                {
                  validator: async (_, value: unknown) => {
                    if (!isHexColour(value)) throw new Error(WIDGET_SETTINGS_MESSAGES.primary);
                  },
                },
              ]}
            >
              <PrimaryColourField />
            </Form.Item>
            <Form.Item label={WIDGET_FIELD_LABELS.messageTheme} name="messageTheme">
              <Radio.Group
                optionType="button"
                options={[
                  { value: 'light', label: 'Light' },
                  { value: 'dark', label: 'Dark' },
                ]}
              />
            </Form.Item>
            <Form.Item
              label={WIDGET_FIELD_LABELS.z_index}
              name="z_index"
              extra="Raise it if parts of your store's pages cover the widget."
              rules={[
                {
                  validator: async (_, value: unknown) => {
                    if (
                      typeof value !== 'number' ||
                      !Number.isInteger(value) ||
                      value < WIDGET_Z_INDEX_MIN ||
                      value > WIDGET_Z_INDEX_MAX
                    )
                      throw new Error(WIDGET_SETTINGS_MESSAGES.zIndex);
                  },
                },
              ]}
            >
              <InputNumber precision={0} style={{ width: 200 }} />
            </Form.Item>
            <Form.Item
              label={WIDGET_FIELD_LABELS.cta}
              name="cta"
              extra="The text of the chat button."
              rules={[
                { required: true, whitespace: true, message: WIDGET_SETTINGS_MESSAGES.ctaEmpty },
                { max: WIDGET_CTA_MAX_LENGTH, message: WIDGET_SETTINGS_MESSAGES.ctaTooLong },
              ]}
            >
              <Input showCount maxLength={WIDGET_CTA_MAX_LENGTH} placeholder="Chat with us" />
            </Form.Item>
            {canManage && (
              <Flex gap={8}>
                <Button type="primary" htmlType="submit" loading={saving}>
                  Save
                </Button>
                <Button
                  htmlType="button"
                  onClick={() => {
                    setError(null);
                    form.resetFields();
                  }}
                >
                  Discard changes
                </Button>
              </Flex>
            )}
          </Form>
        </Card>
        <ChatSettingsCard settings={settings} canManage={canManage} />
        <IdentitySecretCard settings={settings} canManage={canManage} />
        {settings.store && <ShopifyConnectionCard store={settings.store} canManage={canManage} />}
        <InstallationSnippet
          snippet={settings.installation_snippet}
          storeName={storeName}
          shop={settings.store?.myshopify_domain ?? null}
        />
      </div>
      <div style={{ flex: '1 1 380px', minWidth: 0 }}>
        <Typography.Title level={5} style={{ marginTop: 0 }}>
          Live preview
        </Typography.Title>
        <WidgetPreview
          enabled={values.is_widget_enabled === true}
          theme={theme}
          storeName={storeName}
        />
      </div>
    </Flex>
  );
}

/**
 * /settings/widgets and /settings/widgets/shopify/edit/: the live-chat widget of a store — the
 * data that widget public settings (docs/product/data.md) serves — with a live preview and the installation snippet.
 */
export function WidgetSettingsPage() {
  const [params, setParams] = useSearchParams();
  const asked = Number(params.get('store'));
  const brandId = Number.isInteger(asked) && asked > 0 ? asked : undefined;
  const { data, isLoading, error, refetch } = useGetWidgetSettingsQuery({ brandId });
  const me = useAppSelector((state) => state.auth.me);
  const canManage = me ? me.permission_level !== 'agent' : true;

  return (
    <div style={{ maxWidth: 1120 }}>
      <PageHeader
        title="Chat widget"
        description="The live-chat button on your store: its look, whether it shows, and how to install it."
        extra={
          data && data.stores.length > 1 ? (
            <Select
              aria-label="Store"
              style={{ minWidth: 220 }}
              value={data.store?.id}
              options={data.stores.map((s) => ({ value: s.id, label: s.name }))}
              onChange={(id: number) => setParams({ store: String(id) })}
            />
          ) : undefined
        }
      />
      {!canManage && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title="Only owners and admins can change the widget."
        />
      )}
      {isLoading && <PageSpin />}
      {error && (
        <Alert
          type="error"
          showIcon
          title={'message' in error ? error.message : 'The widget settings could not be loaded.'}
          action={
            <Button size="small" onClick={() => void refetch()}>
              Try again
            </Button>
          }
          style={{ marginBottom: 16 }}
        />
      )}
      {data && !data.store && (
        <Card variant="borderless">
          <Empty
            description={
              <>
                <Typography.Text strong>This workspace has no store yet.</Typography.Text>
                <br />
                <Typography.Text type="secondary">
                  The chat widget is set up per store: add yours to set up its widget.
                </Typography.Text>
              </>
            }
          >
            {canManage && <NewStoreForm />}
          </Empty>
        </Card>
      )}
      {data?.store && <WidgetEditor key={data.store.id} settings={data} canManage={canManage} />}
    </div>
  );
}
