import type { FormRule as Rule } from 'antd';
import {
  isNumericString,
  isValidEmail,
  normalizePhone,
  type CallbackRequestBody,
} from '@parley/contracts';
import { t } from '@lingui/core/macro';

/**
 * docs/product/validation.md callback form rules. The required messages are the product's texts, verbatim (the best
 * time to call shares the reason's 'Please select type of query!'). The format checks
 * are ours; their texts are the server contract's (`callbackRequestBody`).
 */
/** The product's callback texts (CALLBACK_MESSAGES, verbatim in English), in the active language. */
export const callbackMessages = {
  get name() {
    return t`Please input your full name!`;
  },
  get contactNumber() {
    return t`Please input your contact number!`;
  },
  get email() {
    return t`Please input your email address!`;
  },
  get bestTime() {
    return t`Please select type of query!`;
  },
  get reason() {
    return t`Please select type of query!`;
  },
  get stillUploading() {
    return t`Some attachments are still uploading`;
  },
  get success() {
    return t`Our team has received your request. We will call you back to you at the earliest.`;
  },
  get failure() {
    return t`Something went wrong, please try again!`;
  },
};

export const invalidPhoneText = () => t`Enter the number with its country code.`;
export const invalidEmailText = () => t`Enter a valid email address.`;

/** A phone number has 6 to 15 digits (E.164), written with an optional +, spaces, ( ) . - */
const PHONE_MIN_DIGITS = 6;
const PHONE_MAX_DIGITS = 15;

/** The number as typed is digits and the usual separators only, with enough digits. */
export function isPlausiblePhone(value: string): boolean {
  const bare = value
    .trim()
    .replace(/^\+/, '')
    .replace(/[\s().-]/g, '');
  if (!isNumericString(bare)) return false;
  const digits = normalizePhone(value).length;
  return digits >= PHONE_MIN_DIGITS && digits <= PHONE_MAX_DIGITS;
}

// A rule's words are read when it is checked, so they are in the active language.
const required =
  (message: () => string): Rule =>
  () => ({ required: true, whitespace: true, message: message() });

const formatted =
  (check: (value: string) => boolean, message: () => string): Rule =>
  () => ({
    validator: (_, value: unknown) =>
      typeof value !== 'string' || value.trim() === '' || check(value)
        ? Promise.resolve()
        : Promise.reject(new Error(message())),
  });

export interface CallbackFormValues {
  customer_name: string;
  contact_number: string;
  email_address: string;
  best_time_to_call?: CallbackRequestBody['best_time_to_call'];
  query_type?: CallbackRequestBody['query_type'];
  message?: string;
}

export const CALLBACK_RULES: Record<keyof CallbackFormValues, Rule[]> = {
  customer_name: [required(() => callbackMessages.name)],
  contact_number: [
    required(() => callbackMessages.contactNumber),
    formatted(isPlausiblePhone, invalidPhoneText),
  ],
  email_address: [
    required(() => callbackMessages.email),
    formatted(isValidEmail, invalidEmailText),
  ],
  best_time_to_call: [() => ({ required: true, message: callbackMessages.bestTime })],
  query_type: [() => ({ required: true, message: callbackMessages.reason })],
  // docs/product/validation.md: the query is optional.
  message: [],
};

/**
 * The callback request body from the form: trimmed, the phone normalized to its digits, with the
 * workspace's store (`myshopify_domain`, null when it has none).
 */
export function callbackBody(
  values: CallbackFormValues,
  extra: { attachments: number[]; submissionUrl: string; myshopifyDomain: string | null },
): CallbackRequestBody {
  const message = values.message?.trim();
  return {
    customer_name: values.customer_name.trim(),
    contact_number: normalizePhone(values.contact_number),
    email_address: values.email_address.trim(),
    best_time_to_call: values.best_time_to_call!,
    query_type: values.query_type!,
    message: message ? message : null,
    myshopify_domain: extra.myshopifyDomain,
    attachments: extra.attachments,
    submission_url: extra.submissionUrl,
    is_created_from_dc_app: true,
  };
}
