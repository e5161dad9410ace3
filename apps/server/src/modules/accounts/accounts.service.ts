import { DAY_MS, TRIAL_DAYS } from '@parley/contracts';
import type { Db } from '../../db/client';
import { insertAccount, insertMembership, listAccountsOfUser } from './accounts.queries';

/** A new account starts on a free trial, with its global settings at their defaults (docs/product/data.md). */
export async function createAccountForOwner(
  db: Db,
  { name, ownerId, trialDays = TRIAL_DAYS }: { name: string; ownerId: number; trialDays?: number },
) {
  const account = await insertAccount(db, {
    name,
    trialEndDate: new Date(Date.now() + trialDays * DAY_MS),
  });
  await insertMembership(db, { accountId: account.id, userId: ownerId, permissionLevel: 'owner' });
  return account;
}

export async function listAccounts(db: Db, userId: number) {
  return { accounts: await listAccountsOfUser(db, userId) };
}

export async function createAccount(
  db: Db,
  { userId, name, trialDays }: { userId: number; name: string; trialDays?: number },
) {
  return db.transaction(async (tx) => {
    const account = await createAccountForOwner(tx as unknown as Db, {
      name,
      ownerId: userId,
      ...(trialDays === undefined ? {} : { trialDays }),
    });
    return { id: account.id, name: account.name, permission_level: 'owner' as const };
  });
}

// Reads other modules may use: they come through this service, never through accounts.queries.ts.
export { findAccount, findMembership, insertMembership } from './accounts.queries';
