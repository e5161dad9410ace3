import { z } from 'zod';
import {
  FROM_NAME_MAX_LENGTH,
  EMAIL_SIGNATURE_MAX_LENGTH,
  DNS_RECORD_KINDS,
  DNS_CHECK_STATUSES,
} from './email-setup-constants';

export const fromNameSchema = z
  .string()
  .trim()
  .min(1, 'Give the name your customers see as the sender.')
  .max(FROM_NAME_MAX_LENGTH, `Keep the sender name under ${FROM_NAME_MAX_LENGTH + 1} characters.`)
  // A line break in a header would let the name add headers of its own.
  .refine(
    (v) => ![...v].some((c) => c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127),
    'The sender name cannot contain line breaks or control characters.',
  );

export const fromAddressSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, 'That address is too long.')
  .pipe(z.email('Enter an email address, like support@yourcompany.com.'));

/**
 * The channel's own outgoing SMTP server (e.g. the company's Microsoft 365 or Gmail relay).
 * Unset: replies go out through the server's SMTP_URL (or its local mailbox). The password is
 * sealed at rest and never answered back; on PATCH, leaving it out keeps the stored one.
 */
export const emailSmtpSettingsBody = z.strictObject({
  host: z
    .string()
    .trim()
    .toLowerCase()
    .regex(
      /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/,
      'Enter the SMTP server name, like smtp.yourcompany.com.',
    ),
  port: z.coerce
    .number()
    .int()
    .min(1, 'Enter a port from 1 to 65535.')
    .max(65535, 'Enter a port from 1 to 65535.'),
  /** TLS from the start (port 465); otherwise STARTTLS when the server offers it. */
  secure: z.boolean().default(false),
  username: z.string().trim().max(254).optional(),
  password: z.string().max(1024).optional(),
});
export type EmailSmtpSettingsBody = z.infer<typeof emailSmtpSettingsBody>;

/** Plain text appended to every reply sent from the channel (its brand's sign-off). */
export const emailSignatureSchema = z
  .string()
  .max(
    EMAIL_SIGNATURE_MAX_LENGTH,
    `Keep the signature under ${EMAIL_SIGNATURE_MAX_LENGTH + 1} characters.`,
  );

export const emailSetupCreateBody = z.strictObject({
  from_name: fromNameSchema,
  from_address: fromAddressSchema,
  smtp: emailSmtpSettingsBody.nullable().optional(),
  signature: emailSignatureSchema.optional(),
});
export type EmailSetupCreateBody = z.infer<typeof emailSetupCreateBody>;

export const emailSetupUpdateBody = z
  .strictObject({
    from_name: fromNameSchema.optional(),
    from_address: fromAddressSchema.optional(),
    /** null: back to the server's outgoing mail. */
    smtp: emailSmtpSettingsBody.nullable().optional(),
    signature: emailSignatureSchema.optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), {
    message: 'Send a new sender name, address, SMTP server or signature.',
  });
export type EmailSetupUpdateBody = z.infer<typeof emailSetupUpdateBody>;

export const emailSetupUpdateQuery = z.object({
  support_channel_id: z.coerce.number().int().positive().max(2_147_483_647),
});

/** A record to publish in the sending domain's DNS. */
export const dnsRecordSchema = z.object({
  kind: z.enum(DNS_RECORD_KINDS),
  type: z.literal('TXT'),
  /** The full name, e.g. `_dmarc.example.com`. */
  host: z.string(),
  value: z.string(),
});
export type DnsRecord = z.infer<typeof dnsRecordSchema>;

export const dnsRecordCheckSchema = z.object({
  kind: z.enum(DNS_RECORD_KINDS),
  host: z.string(),
  status: z.enum(DNS_CHECK_STATUSES),
  /** The TXT values found at the host (the relevant ones), as DNS answered them. */
  seen: z.array(z.string()),
  /** What was found, in words. */
  message: z.string(),
});
export type DnsRecordCheck = z.infer<typeof dnsRecordCheckSchema>;

export const sendingDomainSchema = z.object({
  domain: z.string(),
  dkim_selector: z.string(),
  records: z.array(dnsRecordSchema),
  verified: z.boolean(),
  verified_at: z.string().nullable(),
  last_checked_at: z.string().nullable(),
  /** The per-record results of the last check; null before the first. */
  last_check: z.array(dnsRecordCheckSchema).nullable(),
});
export type SendingDomain = z.infer<typeof sendingDomainSchema>;

export const emailSetupSchema = z.object({
  support_channel_id: z.number().int(),
  from_name: z.string(),
  from_address: z.string(),
  domain: z.string(),
  domain_verified: z.boolean(),
  // The email channel's settings (always answered; optional only for older clients' fixtures).
  /** The channel's own SMTP server (never its password); null = the server's outgoing mail. */
  smtp: z
    .object({
      host: z.string(),
      port: z.number().int(),
      secure: z.boolean(),
      username: z.string().nullable(),
      password_set: z.boolean(),
    })
    .nullable()
    .optional(),
  signature: z.string().optional(),
  /**
   * For forwarding services: POST the raw message (message/rfc822) to inbound_url with this
   * secret in the x-parley-inbound-secret header. Shown to owners and admins only (else null).
   */
  inbound_secret: z.string().nullable().optional(),
  inbound_url: z.string().optional(),
});
export type EmailSetup = z.infer<typeof emailSetupSchema>;

/** GET /dashboardapi/emailsetup: the account's email setups and the domains they send from. */
export const emailSetupListResponse = z.object({
  setups: z.array(emailSetupSchema),
  domains: z.array(sendingDomainSchema),
  dmarc_verification_required: z.boolean(),
});
export type EmailSetupList = z.infer<typeof emailSetupListResponse>;

/** POST / PATCH answer: the setup and its domain's records. */
export const emailSetupResponse = z.object({
  setup: emailSetupSchema,
  domain: sendingDomainSchema,
});
export type EmailSetupResult = z.infer<typeof emailSetupResponse>;

export const emailSetupVerifyBody = z.strictObject({
  domain: z.string().trim().toLowerCase().min(1, 'Name the domain to check.').max(253),
});
export type EmailSetupVerifyBody = z.infer<typeof emailSetupVerifyBody>;

export const emailSetupVerifyResponse = z.object({
  domain: sendingDomainSchema,
  dmarc_verification_required: z.boolean(),
});
export type EmailSetupVerifyResult = z.infer<typeof emailSetupVerifyResponse>;
