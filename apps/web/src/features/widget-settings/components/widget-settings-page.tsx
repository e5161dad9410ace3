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
  theme as antdTheme,
  Typography,
} from 'antd';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import {
  WIDGET_CTA_MAX_LENGTH,
  WIDGET_THEME_DEFAULTS,
  WIDGET_Z_INDEX_MAX,
  WIDGET_Z_INDEX_MIN,
  type WidgetPublicSettings,
  type WidgetSettings,
} from '@parley/contracts';
import { useAppSelector } from '../../../app/hooks';
import { PageHeader } from '../../../components/page-header';
import { PageSpin } from '../../../components/page-spin';
import { formatNumber } from '../../../lib/format';
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
import { LoadErrorAlert } from '../../../components/load-error-alert';

export const widgetSavedMessage = () => t`Widget settings saved`;
export const storeCreatedMessage = () => t`Store added`;

/**
 * The form's own checks, worded as the API's (WIDGET_SETTINGS_MESSAGES of the contracts), read
 * when shown so each is in the active language.
 */
export const WIDGET_FORM_MESSAGES = {
  get primary() {
    const exampleColour = WIDGET_THEME_DEFAULTS.primary;
    return t`Choose the primary colour as a hex code, such as ${exampleColour}.`;
  },
  get zIndex() {
    // Whole numbers as typed in the field: no grouping.
    const lowest = formatNumber(WIDGET_Z_INDEX_MIN, { useGrouping: false });
    const highest = formatNumber(WIDGET_Z_INDEX_MAX, { useGrouping: false });
    return t`The z-index must be a whole number from ${lowest} to ${highest}.`;
  },
  get ctaEmpty() {
    return t`Enter the text of the call-to-action button.`;
  },
  get ctaTooLong() {
    const limit = formatNumber(WIDGET_CTA_MAX_LENGTH);
    return t`Keep the call-to-action to ${limit} characters or fewer.`;
  },
};

interface StoreFormValues {
  name: string;
  myshopify_domain?: string;
}

/** A workspace without a store adds its first one here (owners and admins). */
function NewStoreForm() {
  const { token } = antdTheme.useToken();
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
      toast.success(storeCreatedMessage());
    } catch (failure) {
      setError(
        applyApiErrorToForm(form, failure, ['name', 'myshopify_domain']) ??
          (form.getFieldsError().some((f) => f.errors.length > 0)
            ? null
            : t`The store could not be added. Please try again.`),
      );
    }
  };
  return (
    <Form
      form={form}
      name="new-store"
      aria-label={t`Add a store`}
      layout="vertical"
      onFinish={(values) => void onFinish(values)}
      style={{
        maxWidth: 420,
        marginBlockStart: token.marginMD,
        marginInline: 'auto',
        textAlign: 'start',
      }}
    >
      <Form.Item
        name="name"
        label={t`Store name`}
        rules={[{ required: true, whitespace: true, message: t`Give the store a name.` }]}
      >
        <Input maxLength={120} placeholder={t`e.g. Acme Outdoor`} />
      </Form.Item>
      <Form.Item
        name="myshopify_domain"
        label={t`Store domain`}
        extra={t`Where the widget will run, like acme.myshopify.com or shop.acme.com.`}
      >
        {/* i18n-ignore-next-line: an example domain, the same in every language. */}
        <Input maxLength={253} placeholder="acme.myshopify.com" dir="ltr" />
      </Form.Item>
      {error && (
        <Alert type="error" showIcon title={error} style={{ marginBottom: token.marginMD }} />
      )}
      <Button type="primary" htmlType="submit" loading={isLoading}>
        <Trans>Add store</Trans>
      </Button>
    </Form>
  );
}

/** Read when shown, so each is in the active language. */
export const WIDGET_FIELD_LABELS = {
  get is_widget_enabled() {
    return t`Show the widget on your store`;
  },
  get primary() {
    return t`Primary colour`;
  },
  get messageTheme() {
    return t`Theme`;
  },
  get z_index() {
    return t`Z-index`;
  },
  get cta() {
    return t`Call-to-action`;
  },
};

/** The theme field's third choice: light or dark as each visitor's device is. */
const VISITOR_THEME = 'visitor';

interface FormValues {
  is_widget_enabled: boolean;
  primary: string;
  messageTheme: 'dark' | 'light' | typeof VISITOR_THEME;
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
  messageTheme: s.chat.follow_visitor_theme ? VISITOR_THEME : s.theme.messageTheme,
});

const prefersDark = () =>
  typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches;

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
  const { token } = antdTheme.useToken();
  return (
    <Flex gap={token.marginXS} align="center">
      <ColorPicker
        // The merchant's colour (data); while the field holds no colour, the widget's default.
        value={isHexColour(value) ? normalizeHex(value) : WIDGET_THEME_DEFAULTS.primary}
        format="hex"
        disabledAlpha
        disabledFormat
        aria-label={t`Pick the primary colour`}
        onChangeComplete={(color) => onChange?.(color.toHexString().toLowerCase())}
      />
      <Input
        id={id}
        value={value}
        maxLength={7}
        placeholder={WIDGET_THEME_DEFAULTS.primary}
        dir="ltr"
        style={{ width: 140, fontFamily: token.fontFamilyCode }}
        onChange={(event) => onChange?.(event.target.value)}
      />
    </Flex>
  );
}

/** The form and the preview of one store's widget; remounted when another store is chosen. */
function WidgetEditor({ settings, canManage }: { settings: WidgetSettings; canManage: boolean }) {
  const { token } = antdTheme.useToken();
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
    // The preview shows the device's theme as this browser has it.
    messageTheme:
      values.messageTheme === VISITOR_THEME
        ? prefersDark()
          ? 'dark'
          : 'light'
        : values.messageTheme === 'dark'
          ? 'dark'
          : 'light',
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
            // Left to the visitor, the store's own choice stays as it was.
            messageTheme: v.messageTheme === VISITOR_THEME ? saved.messageTheme : v.messageTheme,
            z_index: v.z_index ?? saved.z_index,
            cta: v.cta.trim(),
          },
          chat: { follow_visitor_theme: v.messageTheme === VISITOR_THEME },
        },
      }).unwrap();
      toast.success(widgetSavedMessage());
    } catch (failure) {
      setError(applyApiErrorToForm(form, failure, FIELDS, API_PATHS));
    }
  };

  return (
    <Flex gap={token.marginLG} wrap align="flex-start">
      <div style={{ flex: '1 1 380px', minWidth: 0, display: 'grid', gap: token.marginLG }}>
        <Card title={t`Appearance`} variant="borderless">
          {!settings.is_configured && (
            <Alert
              type="info"
              showIcon
              style={{ marginBottom: token.marginMD }}
              title={t`Not set up yet: your store shows no chat button until these settings are saved with the widget switched on.`}
            />
          )}
          {error && (
            <Alert type="error" showIcon title={error} style={{ marginBottom: token.marginMD }} />
          )}
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
              extra={t`When off, the store's pages show no chat button.`}
            >
              <Switch />
            </Form.Item>
            <Form.Item
              label={WIDGET_FIELD_LABELS.primary}
              name="primary"
              extra={t`The launcher button, the panel's header and your visitors' messages.`}
              rules={[
                {
                  validator: async (_, value: unknown) => {
                    if (!isHexColour(value)) throw new Error(WIDGET_FORM_MESSAGES.primary);
                  },
                },
              ]}
            >
              <PrimaryColourField />
            </Form.Item>
            <Form.Item
              label={WIDGET_FIELD_LABELS.messageTheme}
              name="messageTheme"
              extra={t`The visitor’s device: light or dark as each visitor’s phone or computer is set.`}
            >
              <Radio.Group
                optionType="button"
                options={[
                  { value: 'light', label: t`Light` },
                  { value: 'dark', label: t`Dark` },
                  { value: VISITOR_THEME, label: t`The visitor’s device` },
                ]}
              />
            </Form.Item>
            <Form.Item
              label={WIDGET_FIELD_LABELS.z_index}
              name="z_index"
              extra={t`Raise it if parts of your store's pages cover the widget.`}
              rules={[
                {
                  validator: async (_, value: unknown) => {
                    if (
                      typeof value !== 'number' ||
                      !Number.isInteger(value) ||
                      value < WIDGET_Z_INDEX_MIN ||
                      value > WIDGET_Z_INDEX_MAX
                    )
                      throw new Error(WIDGET_FORM_MESSAGES.zIndex);
                  },
                },
              ]}
            >
              <InputNumber precision={0} style={{ width: 200 }} />
            </Form.Item>
            <Form.Item
              label={WIDGET_FIELD_LABELS.cta}
              name="cta"
              extra={t`The text of the chat button.`}
              rules={[
                { required: true, whitespace: true, message: WIDGET_FORM_MESSAGES.ctaEmpty },
                { max: WIDGET_CTA_MAX_LENGTH, message: WIDGET_FORM_MESSAGES.ctaTooLong },
              ]}
            >
              <Input
                showCount
                maxLength={WIDGET_CTA_MAX_LENGTH}
                placeholder={t`Chat with us`}
                dir="auto"
              />
            </Form.Item>
            {canManage && (
              <Flex gap={token.marginXS}>
                <Button type="primary" htmlType="submit" loading={saving}>
                  <Trans>Save</Trans>
                </Button>
                <Button
                  htmlType="button"
                  onClick={() => {
                    setError(null);
                    form.resetFields();
                  }}
                >
                  <Trans>Discard changes</Trans>
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
          <Trans>Live preview</Trans>
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
  const { token } = antdTheme.useToken();

  return (
    <div style={{ maxWidth: 1120 }}>
      <PageHeader
        title={t`Chat widget`}
        description={t`The live-chat button on your store: its look, whether it shows, and how to install it.`}
        extra={
          data && data.stores.length > 1 ? (
            <Select
              aria-label={t`Store`}
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
          style={{ marginBottom: token.marginMD }}
          title={t`Only owners and admins can change the widget.`}
        />
      )}
      {isLoading && <PageSpin />}
      {error && (
        <LoadErrorAlert
          error={error}
          fallback={t`The widget settings could not be loaded.`}
          onRetry={refetch}
        />
      )}
      {data && !data.store && (
        <Card variant="borderless">
          <Empty
            description={
              <>
                <Typography.Text strong>
                  <Trans>This workspace has no store yet.</Trans>
                </Typography.Text>
                <br />
                <Typography.Text type="secondary">
                  <Trans>
                    The chat widget is set up per store: add yours to set up its widget.
                  </Trans>
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
