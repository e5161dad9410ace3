import { and, eq, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import { contactIdentities, contacts, jobs } from '../../db/schema';

type Scope = { accountId: number };

export const CONTACT_IMPORT_JOB = 'contacts.import';
export const CONTACT_IMPORT_CLEANUP_JOB = 'contacts.import_cleanup';

/** An import of the account (its job row), or null: another account's is not found. */
export async function findImportJob(db: Db, { accountId, id }: Scope & { id: number }) {
  const [row] = await db
    .select({
      id: jobs.id,
      status: jobs.status,
      payload: jobs.payload,
      createdAt: jobs.createdAt,
    })
    .from(jobs)
    .where(and(eq(jobs.id, id), eq(jobs.accountId, accountId), eq(jobs.kind, CONTACT_IMPORT_JOB)))
    .limit(1);
  return row ?? null;
}

/** The account's import of this uploaded file, if one was started (a second start is the same). */
export async function findImportOfFile(
  db: Db,
  { accountId, fileKey }: Scope & { fileKey: string },
) {
  const [row] = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        eq(jobs.accountId, accountId),
        eq(jobs.kind, CONTACT_IMPORT_JOB),
        sql`${jobs.payload}->>'file_key' = ${fileKey}`,
      ),
    )
    .limit(1);
  return row?.id ?? null;
}

/**
 * Until the transaction ends, the account's imports take turns: two running at once could both
 * miss a contact the other is creating and make it twice.
 */
export async function lockAccountImports(db: Db, { accountId }: Scope) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('contacts.import'), ${accountId})`);
}

export interface KnownContacts {
  /** Lower-case email → contact. */
  byEmail: Map<string, number>;
  /** Phone digits → contact. */
  byPhone: Map<string, number>;
}

/**
 * The contacts the account already knows by these emails or phone numbers, found the way inbound
 * messages find them: first by an email or phone identity (a customer who wrote in), then by the
 * contact's own email (letter case aside) or phone digits. The first match of each key wins.
 */
export async function findKnownContacts(
  db: Db,
  { accountId, emails, phones }: Scope & { emails: string[]; phones: string[] },
): Promise<KnownContacts> {
  const byEmail = new Map<string, number>();
  const byPhone = new Map<string, number>();
  const digitsOf = (p: string) => p.replace(/\D/g, '');
  if (emails.length + phones.length === 0) return { byEmail, byPhone };
  const identities = rowsOf<{ kind: string; value: string; contact_id: number }>(
    await db.execute(sql`
      select i.kind, i.value, i.contact_id from contact_identities i
      where i.account_id = ${accountId}
        and ((i.kind = 'email' and i.value in (select jsonb_array_elements_text(${JSON.stringify(emails)}::jsonb)))
          or (i.kind in ('phone', 'whatsapp') and i.value in (
            select jsonb_array_elements_text(${JSON.stringify([...phones, ...phones.map(digitsOf)])}::jsonb))))
      order by i.id`),
  );
  for (const i of identities) {
    if (i.kind === 'email') {
      if (!byEmail.has(i.value)) byEmail.set(i.value, i.contact_id);
    } else if (!byPhone.has(digitsOf(i.value))) byPhone.set(digitsOf(i.value), i.contact_id);
  }
  const emailsLeft = emails.filter((e) => !byEmail.has(e));
  const digitsLeft = phones.map(digitsOf).filter((d) => d.length >= 6 && !byPhone.has(d));
  if (emailsLeft.length + digitsLeft.length > 0) {
    const rows = rowsOf<{ id: number; email: string | null; digits: string }>(
      await db.execute(sql`
        select k.id, lower(k.email) as email,
          regexp_replace(coalesce(k.phone, ''), '\\D', '', 'g') as digits
        from contacts k
        where k.account_id = ${accountId}
          and (lower(k.email) in (select jsonb_array_elements_text(${JSON.stringify(emailsLeft)}::jsonb))
            or regexp_replace(coalesce(k.phone, ''), '\\D', '', 'g') in (
              select jsonb_array_elements_text(${JSON.stringify(digitsLeft)}::jsonb)))
        order by k.id`),
    );
    for (const r of rows) {
      if (r.email && emailsLeft.includes(r.email) && !byEmail.has(r.email))
        byEmail.set(r.email, r.id);
      if (digitsLeft.includes(r.digits) && !byPhone.has(r.digits)) byPhone.set(r.digits, r.id);
    }
  }
  return { byEmail, byPhone };
}

export interface ImportedValues {
  name: string | null;
  email: string | null;
  phone: string | null;
  attributes: Record<string, string>;
}

/** New contacts, in order; answers their ids in the same order. */
export async function insertContacts(
  db: Db,
  { accountId, values }: Scope & { values: ImportedValues[] },
): Promise<number[]> {
  if (values.length === 0) return [];
  const rows = await db
    .insert(contacts)
    .values(values.map((v) => ({ accountId, ...v })))
    .returning({ id: contacts.id });
  return rows.map((r) => r.id);
}

/**
 * Imported values onto known contacts: a name replaces the stored one, attributes are added
 * (imported ones win), and an email or phone only fills an empty field — the address a customer
 * wrote from is never replaced by a file.
 */
export async function updateImportedContacts(
  db: Db,
  { accountId, values }: Scope & { values: (ImportedValues & { id: number })[] },
) {
  if (values.length === 0) return;
  await db.execute(sql`
    update contacts k set
      name = coalesce(v.name, k.name),
      email = coalesce(k.email, v.email),
      phone = coalesce(k.phone, v.phone),
      attributes = k.attributes || v.attributes
    from jsonb_to_recordset(${JSON.stringify(values)}::jsonb)
      as v(id int, name text, email text, phone text, attributes jsonb)
    where k.id = v.id and k.account_id = ${accountId}`);
}

/** Email and phone identities (no channel: the file said so); ones already known stay as they are. */
export async function insertIdentities(
  db: Db,
  {
    accountId,
    identities,
  }: Scope & { identities: { contactId: number; kind: 'email' | 'phone'; value: string }[] },
) {
  if (identities.length === 0) return;
  await db
    .insert(contactIdentities)
    .values(identities.map((i) => ({ accountId, ...i, supportChannelId: null })))
    .onConflictDoNothing();
}
