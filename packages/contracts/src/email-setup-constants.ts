/**
 * Email setup and the sending domain's DNS
 * records (/settings/dnsrecords, DMARC verification). An email setup is an email support
 * channel: the name and address replies are sent from. Its domain gets a DKIM key; the SPF, DKIM
 * and DMARC records to publish are checked in DNS, and once all three are right the account's
 * dmarc_verification_required (Me) is cleared.
 */
export const EMAIL_SETUP_PATHS = {
  setup: '/dashboardapi/emailsetup',
  verify: '/dashboardapi/emailsetup/verify',
} as const;

export const EMAIL_SETUP_ROUTES = {
  emailSetup: '/settings/emailsetup',
  dnsRecords: '/settings/dnsrecords',
} as const;

export const FROM_NAME_MAX_LENGTH = 120;

/** The domain part of an address, lower-case. */
export function domainOfAddress(address: string): string {
  return address.slice(address.lastIndexOf('@') + 1).toLowerCase();
}

export const EMAIL_SIGNATURE_MAX_LENGTH = 2000;

export const DNS_RECORD_KINDS = ['spf', 'dkim', 'dmarc'] as const;
export type DnsRecordKind = (typeof DNS_RECORD_KINDS)[number];

/**
 * The outcome of looking one record up: verified (as it should be), missing (no such record),
 * mismatch (a record is there but says something else) or error (the lookup itself failed).
 */
export const DNS_CHECK_STATUSES = ['verified', 'missing', 'mismatch', 'error'] as const;
export type DnsCheckStatus = (typeof DNS_CHECK_STATUSES)[number];
