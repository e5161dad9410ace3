import { Form, Input, InputNumber, Radio, Switch, type FormInstance } from 'antd';
import {
  emailSmtpSettingsBody,
  type EmailSetup,
  type EmailSmtpSettingsBody,
} from '@parley/contracts';
import { t } from '@lingui/core/macro';
import { productName } from '../../../lib/product';

export type SendingServer = 'parley' | 'own';

/** The sending-server part of the email setup form (flat names, so API errors map onto them). */
export interface SendingServerValues {
  sending: SendingServer;
  smtp_host: string;
  smtp_port: number | null;
  smtp_secure: boolean;
  smtp_username: string;
  smtp_password: string;
}

export const SENDING_SERVER_FIELDS = [
  'smtp_host',
  'smtp_port',
  'smtp_secure',
  'smtp_username',
  'smtp_password',
] as const;

/** The API's field paths (`smtp.host`) → the form's names. */
export const SENDING_SERVER_RENAME: Record<string, string> = Object.fromEntries(
  SENDING_SERVER_FIELDS.map((name) => [name.replace('smtp_', 'smtp.'), name]),
);

const SUBMISSION_PORT = 587;
const IMPLICIT_TLS_PORT = 465;

export function sendingServerInitialValues(smtp: EmailSetup['smtp']): SendingServerValues {
  return {
    sending: smtp ? 'own' : 'parley',
    smtp_host: smtp?.host ?? '',
    smtp_port: smtp?.port ?? SUBMISSION_PORT,
    smtp_secure: smtp?.secure ?? false,
    smtp_username: smtp?.username ?? '',
    smtp_password: '',
  };
}

/**
 * The `smtp` of a POST/PATCH body: the channel's own server, or null to go back to Parley's
 * (sent only when a server was set, so an untouched setup is not rewritten). A blank password is
 * left out, which keeps the saved one.
 */
export function smtpOfForm(
  values: SendingServerValues,
  current: EmailSetup['smtp'],
): { smtp?: EmailSmtpSettingsBody | null } {
  if (values.sending === 'parley') return current ? { smtp: null } : {};
  const username = values.smtp_username.trim();
  return {
    smtp: {
      host: values.smtp_host.trim(),
      port: values.smtp_port ?? SUBMISSION_PORT,
      secure: values.smtp_secure,
      ...(username ? { username } : {}),
      ...(values.smtp_password ? { password: values.smtp_password } : {}),
    },
  };
}

/** The same host rule as the server's, so most mistakes are caught before sending. */
async function checkHost(_: unknown, value: string | undefined) {
  const result = emailSmtpSettingsBody.shape.host.safeParse(value ?? '');
  // The rule has one message; said here in the active language.
  if (!result.success) throw new Error(t`Enter the SMTP server name, like smtp.yourcompany.com.`);
}

/** "Sending server": Parley's mail server (default) or the company's own SMTP server. */
export function SendingServerFields({
  form,
  passwordSaved,
}: {
  form: FormInstance;
  /** The channel's own server has a password saved (it is never shown). */
  passwordSaved: boolean;
}) {
  const sending = Form.useWatch<SendingServer>('sending', form);

  // TLS from the start goes with port 465, STARTTLS with 587: follow the switch when the port
  // is still the usual one for the other mode.
  const onSecureChange = (secure: boolean) => {
    const port = form.getFieldValue('smtp_port') as number | null;
    if (secure && port === SUBMISSION_PORT) form.setFieldValue('smtp_port', IMPLICIT_TLS_PORT);
    if (!secure && port === IMPLICIT_TLS_PORT) form.setFieldValue('smtp_port', SUBMISSION_PORT);
  };

  return (
    <>
      <Form.Item label={t`Sending server`} name="sending">
        <Radio.Group
          options={[
            { value: 'parley', label: t`${productName}’s mail server` },
            { value: 'own', label: t`Your own SMTP server` },
          ]}
        />
      </Form.Item>
      {sending === 'own' && (
        <>
          <Form.Item
            label={t`SMTP server`}
            name="smtp_host"
            validateFirst
            rules={[{ validator: checkHost }]}
          >
            <Input placeholder={t`smtp.yourcompany.com`} autoComplete="off" />
          </Form.Item>
          <Form.Item
            label={t`Port`}
            name="smtp_port"
            rules={[{ required: true, message: t`Enter a port from 1 to 65535.` }]}
          >
            <InputNumber min={1} max={65535} precision={0} style={{ width: 140 }} />
          </Form.Item>
          <Form.Item
            label={t`Use TLS from the start`}
            name="smtp_secure"
            valuePropName="checked"
            extra={t`On for port 465. Off: the connection switches to TLS (STARTTLS) when the server offers it.`}
          >
            <Switch onChange={onSecureChange} />
          </Form.Item>
          <Form.Item label={t`Username`} name="smtp_username">
            <Input autoComplete="off" placeholder={t`support@yourcompany.com`} />
          </Form.Item>
          <Form.Item
            label={t`Password`}
            name="smtp_password"
            extra={
              passwordSaved
                ? t`A password is saved. Leave this blank to keep it.`
                : t`Leave blank if the server needs no password.`
            }
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
        </>
      )}
    </>
  );
}
