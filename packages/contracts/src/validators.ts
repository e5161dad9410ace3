/** Helpers (docs/product/validation.md), shared by the web app's forms and the server. */

const EMAIL_PATTERN =
  /^[^\s@"(),:;<>[\\\]]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$/;

/** An email address in the standard form, checked after trimming. */
export function isValidEmail(value: string): boolean {
  const email = value.trim();
  return email.length <= 254 && EMAIL_PATTERN.test(email);
}

/** Only the digits 0–9, at least one. */
export function isNumericString(value: string): boolean {
  return /^\d+$/.test(value);
}

/** A phone number with everything but its digits stripped ('+91 (987) 65-43' → '919876543'). */
export function normalizePhone(value: string): string {
  return value.replace(/\D/g, '');
}

/** An absolute http(s) URL with a host. */
export function isValidUrl(value: string): boolean {
  try {
    const url = new URL(value.trim());
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}
