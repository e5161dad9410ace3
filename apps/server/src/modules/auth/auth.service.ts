import type { AuthResponse, LoginBody, SignupBody } from '@parley/contracts';
import { DAY_MS, PASSWORD_MAX_AGE_DAYS, PROFILE_COLOR_CHOICES } from '@parley/contracts';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import {
  DUMMY_PASSWORD_HASH_PROMISE,
  hashPassword,
  hashToken,
  randomToken,
  verifyPassword,
} from '../../lib/crypto';
import type { Deps } from '../../lib/deps';
import { recordAudit, recordAuditInTheirAccounts } from '../audit-log/audit-log.service';
import { chooseLocale, serverI18n } from '../../lib/i18n';
import { apiText, AppError, conflict } from '../../lib/errors';
import { SESSION_TTL_MS } from '../../plugins/auth';
import { createAccountForOwner } from '../accounts/accounts.service';
import {
  consumePasswordReset,
  deleteToken,
  deleteTokensOfUser,
  findUserByEmail,
  findUserById,
  firstMembershipOf,
  insertPasswordReset,
  invalidatePasswordResets,
  insertToken,
  setPassword,
} from './auth.queries';
import { refuseCommonPassword } from './common-passwords';

const RESET_TTL_MS = 60 * 60 * 1000;
// A new person's colour is one of those the profile page offers.
const PROFILE_COLORS = PROFILE_COLOR_CHOICES;

export interface IssuedSession {
  response: AuthResponse;
  csrfToken: string;
  tokenId: number;
}

export function profileColorFor(email: string): string {
  let h = 0;
  for (const ch of email) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return PROFILE_COLORS[h % PROFILE_COLORS.length]!;
}

export async function issueSession(
  db: Db,
  user: { id: number; name: string; email: string },
  accountId: number,
): Promise<IssuedSession> {
  const token = randomToken();
  const tokenId = await insertToken(db, {
    userId: user.id,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + SESSION_TTL_MS),
  });
  return {
    response: {
      token,
      account_id: accountId,
      user: { id: user.id, name: user.name, email: user.email },
    },
    csrfToken: randomToken(),
    tokenId,
  };
}

export async function createUser(db: Db, v: { name: string; email: string; password: string }) {
  refuseCommonPassword(v.password, 'password');
  const passwordHash = await hashPassword(v.password);
  const [user] = await db
    .insert(users)
    .values({
      name: v.name,
      email: v.email.toLowerCase(),
      passwordHash,
      profileColor: profileColorFor(v.email),
    })
    .onConflictDoNothing()
    .returning();
  if (!user)
    throw conflict('An account with this email already exists. Sign in instead.', 'email_taken');
  return user;
}

/** Signup creates the person, their account (on a trial) and the owner membership, atomically. */
export async function signup(deps: Deps, body: SignupBody): Promise<IssuedSession> {
  if (await findUserByEmail(deps.db, body.email)) {
    throw conflict('An account with this email already exists. Sign in instead.', 'email_taken');
  }
  return deps.db.transaction(async (tx) => {
    const user = await createUser(tx, body);
    const account = await createAccountForOwner(tx, {
      name: body.account_name,
      ownerId: user.id,
      trialDays: deps.config.trialDays,
    });
    await recordAudit(tx, { accountId: account.id, userId: user.id, action: 'signup' });
    return issueSession(tx, user, account.id);
  });
}

export async function login(deps: Deps, body: LoginBody): Promise<IssuedSession> {
  const user = await findUserByEmail(deps.db, body.email);
  // Spend the same time on unknown emails, so timing does not reveal who has an account.
  const ok = await verifyPassword(
    body.password,
    user?.passwordHash ?? (await DUMMY_PASSWORD_HASH_PROMISE),
  );
  if (!user || !ok) {
    // A wrong password for a known person goes into the audit log of each of their accounts;
    // an unknown email writes nothing. Not awaited: the answer takes no longer either way.
    if (user)
      void recordAuditInTheirAccounts(deps.db, { userId: user.id, action: 'login_failed' }).catch(
        (err: unknown) => console.error('recording a failed sign-in failed:', err),
      );
    throw new AppError(401, 'invalid_credentials', 'The email or password is incorrect.');
  }
  if (Date.now() - user.lastPasswordUpdated.getTime() > PASSWORD_MAX_AGE_DAYS * DAY_MS) {
    throw new AppError(
      403,
      'password_change_required',
      apiText('Your password is more than {days} days old. Please reset it to continue.', {
        days: PASSWORD_MAX_AGE_DAYS,
      }),
    );
  }
  const membership = await firstMembershipOf(deps.db, user.id);
  if (!membership) throw new AppError(403, 'not_a_member', 'You are not a member of any account.');
  await recordAudit(deps.db, { accountId: membership.accountId, userId: user.id, action: 'login' });
  return issueSession(deps.db, user, membership.accountId);
}

export async function logout(deps: Deps, session: { userId: number; tokenId: number }) {
  await deleteToken(deps.db, session.tokenId);
  deps.events.emit('access_revoked', { userId: session.userId, tokenIds: [session.tokenId] });
}

/**
 * Always answers the same way, whether or not the email is known. The mail is in the person's
 * chosen language, else in the one their browser asked for (`languages`, best first).
 */
export async function forgotPassword(deps: Deps, email: string, languages: string[] = []) {
  const user = await findUserByEmail(deps.db, email);
  if (!user) return;
  const token = randomToken(32);
  await invalidatePasswordResets(deps.db, user.id);
  await insertPasswordReset(deps.db, {
    userId: user.id,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + RESET_TTL_MS),
  });
  const link = `${deps.config.publicUrl}/login/resetpassword?token=${token}`;
  const i18n = serverI18n(chooseLocale(user.locale, languages));
  const productName = deps.config.productName;
  await deps.mailer.send({
    to: user.email,
    subject: i18n._('Reset your {productName} password', { productName }),
    text: [
      i18n._('Hi {name},', { name: user.name }),
      '',
      i18n._('Someone asked to reset the password of your {productName} account.', {
        productName,
      }),
      i18n._('Open this link within an hour to choose a new one:'),
      '',
      link,
      '',
      i18n._("If it wasn't you, ignore this email: your password stays as it is."),
      '',
    ].join('\n'),
  });
}

export async function resetPassword(
  deps: Deps,
  { token, password }: { token: string; password: string },
) {
  refuseCommonPassword(password, 'password');
  const passwordHash = await hashPassword(password);
  const ended = await deps.db.transaction(async (tx) => {
    const reset = await consumePasswordReset(tx, hashToken(token));
    if (!reset)
      throw new AppError(
        400,
        'invalid_token',
        'This reset link is invalid or has expired. Ask for a new one.',
      );
    await invalidatePasswordResets(tx, reset.userId);
    await setPassword(tx, { userId: reset.userId, passwordHash });
    // Every session ends with a credential change (ASVS 7.4.3).
    const tokenIds = await deleteTokensOfUser(tx, reset.userId);
    await recordAudit(tx, { userId: reset.userId, action: 'password_reset' });
    return { userId: reset.userId, tokenIds };
  });
  deps.events.emit('access_revoked', ended);
}

/** Changes the password, ends every session, and issues a fresh one for the caller. */
export async function changePassword(
  deps: Deps,
  v: {
    userId: number;
    /** The session asking: it goes on as the new one (its sockets too). */
    tokenId: number;
    accountId: number | null;
    currentPassword: string;
    newPassword: string;
  },
): Promise<IssuedSession> {
  const user = await findUserById(deps.db, v.userId);
  if (!user || !(await verifyPassword(v.currentPassword, user.passwordHash))) {
    throw new AppError(400, 'invalid_credentials', 'Your current password is incorrect.', [
      { path: 'current_password', message: 'Your current password is incorrect.' },
    ]);
  }
  if (v.currentPassword === v.newPassword) {
    throw new AppError(
      400,
      'validation_error',
      'Choose a password different from the current one.',
      [{ path: 'new_password', message: 'Choose a password different from the current one.' }],
    );
  }
  refuseCommonPassword(v.newPassword, 'new_password');
  const passwordHash = await hashPassword(v.newPassword);
  let tokenIds: number[] = [];
  const session = await deps.db.transaction(async (tx) => {
    await setPassword(tx, { userId: user.id, passwordHash });
    tokenIds = await deleteTokensOfUser(tx, user.id);
    const membership = v.accountId ?? (await firstMembershipOf(tx, user.id))?.accountId;
    if (!membership)
      throw new AppError(403, 'not_a_member', 'You are not a member of any account.');
    await recordAudit(tx, { accountId: membership, userId: user.id, action: 'password_change' });
    return issueSession(tx, user, membership);
  });
  deps.events.emit('password_changed', { userId: user.id });
  deps.events.emit('access_revoked', {
    userId: user.id,
    tokenIds: tokenIds.filter((id) => id !== v.tokenId),
    renewed: { from: v.tokenId, to: session.tokenId },
  });
  return session;
}

// Reads other modules may use: they come through this service, never through auth.queries.ts.
export { findUserByEmail, findUserById } from './auth.queries';
