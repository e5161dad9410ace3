import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONTACT_IMPORT_LIMITS,
  contactImportPreview,
  contactImportProgress,
  type ContactImportStartBody,
} from '@parley/contracts';
import { rowsOf } from '../../db/client';
import { as, createTestContext, signUp, type Session, type TestContext } from '../../test/harness';
import { apiChannelFor, ownerAndTeammate } from '../../test/inbox-fixtures';
import { recordInbound } from '../conversations/inbound.service';
import {
  CONTACT_IMPORT_JOB,
  contactImportJob,
  detectDelimiter,
  normalizeImportedPhone,
} from './contacts-import.service';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
});
afterAll(() => ctx.close());

const headers = (s: Session) => ({
  authorization: `Token ${s.token}`,
  'x-dc-account-id': String(s.accountId),
  'x-csrftoken': s.csrf,
  cookie: `csrftoken=${s.csrf}; auth_token=${s.token}; account_id=${s.accountId}`,
});

/** Step 1 as the web app sends it: the file as multipart/form-data. */
async function preview(s: Session, csv: string | Buffer, name = 'customers.csv') {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(Buffer.from(csv))], { type: 'text/csv' }), name);
  const encoded = new Response(form);
  return ctx.app.inject({
    method: 'POST',
    url: '/dashboardapi/contacts/imports/preview',
    headers: { ...headers(s), 'content-type': encoded.headers.get('content-type')! },
    payload: Buffer.from(await encoded.arrayBuffer()),
  });
}

async function previewOk(s: Session, csv: string) {
  const res = await preview(s, csv);
  expect(res.statusCode).toBe(200);
  return contactImportPreview.strict().parse(res.json());
}

/** Steps 1 and 2 with the suggested mapping (or the one given), then the job run to its end. */
async function importCsv(s: Session, csv: string, mapping?: ContactImportStartBody['mapping']) {
  const shown = await previewOk(s, csv);
  const started = await as(ctx, s).post('/dashboardapi/contacts/imports', {
    upload_id: shown.upload_id,
    mapping: mapping ?? shown.suggested_mapping,
  });
  expect(started.statusCode).toBe(202);
  const { id } = contactImportProgress.strict().parse(started.json());
  await ctx.deps.jobs.drain();
  return progress(s, id);
}

async function progress(s: Session, id: number) {
  const res = await as(ctx, s).get(`/dashboardapi/contacts/imports/${id}`);
  expect(res.statusCode).toBe(200);
  return contactImportProgress.strict().parse(res.json());
}

async function contactsOf(accountId: number) {
  return rowsOf<{
    id: number;
    name: string | null;
    email: string | null;
    phone: string | null;
    attributes: Record<string, unknown>;
  }>(
    await ctx.deps.db.execute(
      sql`select id, name, email, phone, attributes from contacts where account_id = ${accountId} order by id`,
    ),
  );
}

async function identitiesOf(accountId: number) {
  return rowsOf<{ contact_id: number; kind: string; value: string }>(
    await ctx.deps.db.execute(
      sql`select contact_id, kind, value from contact_identities where account_id = ${accountId} order by kind, value`,
    ),
  );
}

describe('contacts import: reading the file', () => {
  it('answers the header, the first five rows, the row count and a suggested mapping', async () => {
    const owner = await signUp(ctx);
    const csv =
      '\uFEFFFirst name;Last name;E-mail;Mobile phone;Plan;Customer ID\n' +
      [
        'Ada;Lovelace;ada@example.com;+44 20 7946 0001;Pro;1',
        '"Grace; B.";Hopper;grace@example.com;;Free;2',
      ]
        .concat(Array.from({ length: 5 }, (_, i) => `P${i};Q;p${i}@example.com;;;${i + 3}`))
        .join('\n');
    const shown = await previewOk(owner, csv);
    expect(shown).toMatchObject({
      file_name: 'customers.csv',
      delimiter: ';',
      total_rows: 7,
      header: ['First name', 'Last name', 'E-mail', 'Mobile phone', 'Plan', 'Customer ID'],
      suggested_mapping: { 0: 'first_name', 1: 'last_name', 2: 'email', 3: 'phone' },
    });
    expect(shown.sample).toHaveLength(5);
    expect(shown.sample[1]).toEqual(['Grace; B.', 'Hopper', 'grace@example.com', '', 'Free', '2']);
    expect(detectDelimiter('Name,Email\n')).toBe(',');
    expect(detectDelimiter('Name\tEmail\tPhone\n')).toBe('\t');
  });

  it('refuses more than 100,000 rows, more than 20 MB and what is not CSV with 400, a code and words', async () => {
    const owner = await signUp(ctx);
    const tooMany = await preview(
      owner,
      `email\n${'a@b.co\n'.repeat(CONTACT_IMPORT_LIMITS.rows + 1)}`,
    );
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({
      code: 'csv_too_large',
      message: expect.stringMatching(/100,000 rows/),
    });
    const huge = await preview(owner, Buffer.alloc(CONTACT_IMPORT_LIMITS.bytes + 10, 'a'));
    expect(huge.statusCode).toBe(400);
    expect(huge.json()).toMatchObject({ code: 'csv_too_large' });
    const unclosed = await preview(owner, 'name,email\n"Ada,ada@example.com\n');
    expect(unclosed.statusCode).toBe(400);
    expect(unclosed.json()).toMatchObject({
      code: 'csv_invalid',
      message: expect.stringMatching(/quote/),
    });
    const empty = await preview(owner, '');
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ code: 'csv_invalid' });
    // Nothing of the refused files stays behind: no import, no contact.
    expect(await contactsOf(owner.accountId)).toEqual([]);
  });

  it('keeps phone numbers in international form only', () => {
    expect(normalizeImportedPhone('+44 (20) 7946-0018')).toBe('+442079460018');
    expect(normalizeImportedPhone('0044 20 7946 0018')).toBe('+442079460018');
    expect(normalizeImportedPhone('020 7946 0018')).toBeNull();
    expect(normalizeImportedPhone('+12')).toBeNull();
  });
});

describe('contacts import: the job', () => {
  it('creates contacts with their email and phone identities, names and custom attributes', async () => {
    const owner = await signUp(ctx);
    const done = await importCsv(
      owner,
      'Name,Email,Phone,Plan\nAda Lovelace,ADA@Example.com,+44 20 7946 0001,Pro\nAlan Turing,,+44 20 7946 0002,\n',
      { 0: 'name', 1: 'email', 2: 'phone', 3: { attribute: 'Plan' } },
    );
    expect(done).toMatchObject({
      status: 'done',
      total: 2,
      processed: 2,
      created: 2,
      updated: 0,
      failed_count: 0,
    });
    const [ada, alan] = await contactsOf(owner.accountId);
    expect(ada).toMatchObject({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      phone: '+442079460001',
      attributes: { Plan: 'Pro' },
    });
    expect(alan).toMatchObject({
      name: 'Alan Turing',
      email: null,
      phone: '+442079460002',
      attributes: {},
    });
    expect(await identitiesOf(owner.accountId)).toEqual([
      { contact_id: ada!.id, kind: 'email', value: 'ada@example.com' },
      { contact_id: ada!.id, kind: 'phone', value: '+442079460001' },
      { contact_id: alan!.id, kind: 'phone', value: '+442079460002' },
    ]);
    // The audit log says who imported what.
    const audit = await as(ctx, owner).get('/dashboardapi/audit-log?action=contacts_imported');
    expect(audit.statusCode).toBe(200);
    expect(JSON.stringify(audit.json())).toContain('customers.csv');
  });

  it('importing the same file again updates the same contacts and creates none twice', async () => {
    const owner = await signUp(ctx);
    const csv =
      'First name,Last name,Email,Phone\nAda,Lovelace,ada@example.com,\nAlan,Turing,,+44 20 7946 0002\n';
    const first = await importCsv(owner, csv);
    expect(first).toMatchObject({ created: 2, updated: 0 });
    const before = await contactsOf(owner.accountId);
    const again = await importCsv(owner, csv);
    expect(again).toMatchObject({ status: 'done', created: 0, updated: 2, failed_count: 0 });
    expect(await contactsOf(owner.accountId)).toEqual(before);
    expect(await identitiesOf(owner.accountId)).toHaveLength(2);
    // The same person twice in one file is one contact.
    const twice = await importCsv(
      owner,
      'Email,Name\nnew@example.com,New\nNEW@example.com,New Again\n',
    );
    expect(twice).toMatchObject({ created: 1, updated: 1 });
    expect(
      (await contactsOf(owner.accountId)).filter((c) => c.email === 'new@example.com'),
    ).toMatchObject([{ name: 'New Again' }]);
  });

  it('matches a customer who already wrote in by email or phone instead of duplicating them', async () => {
    const owner = await signUp(ctx);
    const channel = await apiChannelFor(ctx, owner);
    const byEmail = await recordInbound(ctx.deps, {
      accountId: owner.accountId,
      supportChannelId: channel.channelId,
      brandId: null,
      identity: {
        kind: 'email',
        value: 'mara@example.org',
        name: 'Mara',
        email: 'mara@example.org',
      },
      body: 'Where is my order?',
    });
    const byApi = await channel.inbound({
      identifier: 'shop-7',
      name: 'Lea',
      email: 'Lea@Example.org',
      text: 'hi',
    });
    const done = await importCsv(
      owner,
      'Name,Email,Company\nMara Lind,MARA@example.org,Northwind\nLea Roux,lea@example.org,\n',
      { 0: 'name', 1: 'email', 2: { attribute: 'Company' } },
    );
    expect(done).toMatchObject({ created: 0, updated: 2 });
    const contacts = await contactsOf(owner.accountId);
    expect(contacts).toHaveLength(2);
    expect(contacts.find((c) => c.id === byEmail.contactId)).toMatchObject({
      name: 'Mara Lind',
      attributes: { Company: 'Northwind' },
    });
    expect(contacts.find((c) => c.id === byApi.contact_id)).toMatchObject({
      name: 'Lea Roux',
      email: 'lea@example.org',
    });
  });

  it('reports each bad row with its row number and reason, and imports the others', async () => {
    const owner = await signUp(ctx);
    const done = await importCsv(
      owner,
      [
        'Name,Email,Phone',
        'Good One,good@example.com,',
        'Bad Email,not-an-email,',
        ',,',
        'Bad Phone,,020 7946 0018',
        'Nobody,,',
        '"Multi',
        'line",multi@example.com,',
        'Last,last@example.com,',
      ].join('\r\n'),
    );
    expect(done).toMatchObject({
      status: 'done',
      total: 7,
      processed: 7,
      created: 3,
      failed_count: 4,
    });
    expect(done.failed).toEqual([
      { row: 3, reason: expect.stringContaining('not a valid email address') },
      { row: 4, reason: 'The row is empty.' },
      { row: 5, reason: expect.stringContaining('international form') },
      { row: 6, reason: expect.stringContaining('no email or phone') },
    ]);
    const report = await as(ctx, owner).get(`/dashboardapi/contacts/imports/${done.id}/errors.csv`);
    expect(report.statusCode).toBe(200);
    expect(report.headers['content-type']).toMatch(/^text\/csv/);
    expect(report.body.split('\r\n').slice(0, 3)).toEqual([
      'row,reason',
      '3,“not-an-email” is not a valid email address.',
      '4,The row is empty.',
    ]);
  });

  it('works in batches, saving its progress, and hands the worker back between slices', async () => {
    const owner = await signUp(ctx);
    ctx.deps.jobs.register(
      CONTACT_IMPORT_JOB,
      contactImportJob(ctx.deps, { batchRows: 2, sliceMs: 0 }),
    );
    try {
      const shown = await previewOk(
        owner,
        `email\n${Array.from({ length: 5 }, (_, i) => `p${i}@example.com`).join('\n')}\n`,
      );
      const started = await as(ctx, owner).post('/dashboardapi/contacts/imports', {
        upload_id: shown.upload_id,
        mapping: shown.suggested_mapping,
      });
      const { id } = started.json() as { id: number };
      // One slice: one batch of two rows, then back in the queue.
      expect(await ctx.deps.jobs.tick()).toBe(1);
      expect(await progress(owner, id)).toMatchObject({
        status: 'running',
        processed: 2,
        created: 2,
      });
      await ctx.deps.jobs.drain();
      expect(await progress(owner, id)).toMatchObject({ status: 'done', processed: 5, created: 5 });
      expect(await contactsOf(owner.accountId)).toHaveLength(5);
      // Starting the same upload again is the same import.
      const twice = await as(ctx, owner).post('/dashboardapi/contacts/imports', {
        upload_id: shown.upload_id,
        mapping: shown.suggested_mapping,
      });
      expect(twice.json()).toMatchObject({ id });
    } finally {
      ctx.deps.jobs.register(CONTACT_IMPORT_JOB, contactImportJob(ctx.deps));
    }
  });

  it('refuses a mapping without email or phone, or with a column the file does not have', async () => {
    const owner = await signUp(ctx);
    const shown = await previewOk(owner, 'Name,Email\nAda,ada@example.com\n');
    for (const mapping of [{ 0: 'name' }, { 0: 'name', 5: 'email' }, { 0: 'email', 1: 'email' }]) {
      const res = await as(ctx, owner).post('/dashboardapi/contacts/imports', {
        upload_id: shown.upload_id,
        mapping,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation_error' });
    }
  });
});

describe('contacts import: who may', () => {
  it('lets owners and admins import, not agents', async () => {
    const { owner, mate } = await ownerAndTeammate(ctx);
    const refused = await preview(mate, 'email\na@example.com\n');
    expect(refused.statusCode).toBe(403);
    const done = await importCsv(owner, 'email\na@example.com\n');
    const read = await as(ctx, mate).get(`/dashboardapi/contacts/imports/${done.id}`);
    expect(read.statusCode).toBe(403);
  });

  it('keeps each account’s imports and uploads to itself (404 for another account’s)', async () => {
    const owner = await signUp(ctx);
    const stranger = await signUp(ctx);
    const shown = await previewOk(owner, 'email\na@example.com\n');
    const done = await importCsv(owner, 'email\nb@example.com\n');
    const progressRes = await as(ctx, stranger).get(`/dashboardapi/contacts/imports/${done.id}`);
    expect(progressRes.statusCode).toBe(404);
    const report = await as(ctx, stranger).get(
      `/dashboardapi/contacts/imports/${done.id}/errors.csv`,
    );
    expect(report.statusCode).toBe(404);
    const start = await as(ctx, stranger).post('/dashboardapi/contacts/imports', {
      upload_id: shown.upload_id,
      mapping: { 0: 'email' },
    });
    expect(start.statusCode).toBe(404);
    await ctx.deps.jobs.drain();
    expect(await contactsOf(stranger.accountId)).toEqual([]);
  });
});
