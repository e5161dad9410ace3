import { dictionary } from '@zxcvbn-ts/language-common';
import { MIN_PASSWORD_LENGTH } from '@parley/contracts';
import { AppError } from '../../lib/errors';

/**
 * The most commonly breached passwords, from the password list zxcvbn-ts maintains (ranked from
 * public breach corpora), kept only where they pass the length rule — about 18,000. Loaded on the
 * first check, not at start (idle memory budget).
 */
let common: Set<string> | null = null;

export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary['passwords-common'].filter((p) => p.length >= MIN_PASSWORD_LENGTH));
  return common.has(password.toLowerCase());
}

/** Signup, invitation, reset and change all refuse one (docs/security.md, passwords). */
export function refuseCommonPassword(password: string, path: string): void {
  if (!isCommonPassword(password)) return;
  const message =
    'This password is one of the most common ones and easy to guess. Choose a longer, less predictable one, such as a few unrelated words.';
  throw new AppError(400, 'validation_error', message, [{ path, message }]);
}
