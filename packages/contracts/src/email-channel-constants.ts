/**
 * The email channel: mail arrives through the built-in SMTP server (SMTP_PORT) or,
 * from forwarding services, as a raw MIME message POSTed to the channel's inbound URL with the
 * channel's secret (shown to admins on the email setup).
 */
export const EMAIL_CHANNEL_PATHS = {
  inbound: '/dashboardapi/email/inbound/:channelId',
  inlineImage: '/dashboardapi/email/inline',
} as const;

/** The header that carries an email channel's inbound secret (or `?secret=`). */
export const EMAIL_INBOUND_SECRET_HEADER = 'x-parley-inbound-secret';
