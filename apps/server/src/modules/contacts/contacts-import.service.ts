import type { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import {
  CONTACT_ATTRIBUTE_LIMITS,
  CONTACT_FIELD_MAX,
  CONTACT_IMPORT_LIMITS,
  e164Phone,
  isValidEmail,
  type ContactImportFailure,
  type ContactImportField,
  type ContactImportPreview,
  type ContactImportProgress,
  type ContactImportStartBody,
  type ContactImportTarget,
} from '@parley/contracts';
import type { Db } from '../../db/client';
import { apiText, AppError, badRequest, notFound, type Words } from '../../lib/errors';
import type { Deps } from '../../lib/deps';
import { FileTooLargeError } from '../../lib/file-store';
import { fileStoreFor } from '../../lib/file-store-choice';
import type { AgentContext } from '../../lib/http-types';
import {
  RetryableError,
  enqueueJob,
  updateJobPayload,
  type JobHandler,
  type JobRow,
} from '../../lib/jobs';
import { recordAudit } from '../audit-log/audit-log.service';
import { csvLine } from './contacts.csv';
import {
  CONTACT_IMPORT_CLEANUP_JOB,
  CONTACT_IMPORT_JOB,
  findImportJob,
  findImportOfFile,
  findKnownContacts,
  insertContacts,
  insertIdentities,
  lockAccountImports,
  updateImportedContacts,
  type ImportedValues,
} from './contacts-import.queries';

export { CONTACT_IMPORT_CLEANUP_JOB, CONTACT_IMPORT_JOB };

/** How long a previewed upload may be started, and kept when it never is. */
const UPLOAD_LIFETIME_MS = 60 * 60 * 1000;
const UPLOAD_KEPT_MS = 24 * 60 * 60 * 1000;
const SIGN_PURPOSE = 'contacts-import-upload';

const tooLarge = () =>
  new AppError(
    400,
    'csv_too_large',
    apiText(
      'The file is too large: import at most {rows} rows and {megabytes} MB at a time. Split it into smaller files.',
      {
        rows: CONTACT_IMPORT_LIMITS.rows.toLocaleString('en'),
        megabytes: CONTACT_IMPORT_LIMITS.bytes / 1_000_000,
      },
    ),
  );
const invalid = (message: Words) => new AppError(400, 'csv_invalid', message);

// ---- Reading the file ----

/**
 * The delimiter of the header line: the most frequent of comma, semicolon and tab outside quotes
 * (spreadsheets in many languages write `;`); comma when none appears.
 */
export function detectDelimiter(head: string): string {
  const text = head.replace(/^\uFEFF/, '');
  const counts = new Map<string, number>([
    [',', 0],
    [';', 0],
    ['\t', 0],
  ]);
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && counts.has(ch)) counts.set(ch, counts.get(ch)! + 1);
  }
  let best = ',';
  for (const [ch, n] of counts) if (n > counts.get(best)!) best = ch;
  return best;
}

const csvParser = (delimiter: string) =>
  parse({
    bom: true,
    delimiter,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: false,
  });

/** A parser's failure in words a person can act on. */
function unreadable(err: unknown): AppError {
  const e = err as { code?: string; lines?: number };
  const line = e.lines;
  if (e.code === 'CSV_QUOTE_NOT_CLOSED')
    return invalid(
      line
        ? apiText("A quoted value is never closed (near line {line}): check the file's quotes.", {
            line,
          })
        : apiText("A quoted value is never closed: check the file's quotes."),
    );
  return invalid(
    line
      ? apiText(
          'The file could not be read as CSV (near line {line}). Save it as CSV (UTF-8) and try again.',
          { line },
        )
      : apiText('The file could not be read as CSV. Save it as CSV (UTF-8) and try again.'),
  );
}

/** The start of a stored file (enough for its header row). */
async function readHead(key: string, deps: Pick<Deps, 'config'>): Promise<string> {
  const file = await fileStoreFor(deps.config).open(key);
  if (!file) return '';
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of file.stream) {
      chunks.push(chunk as Buffer);
      size += (chunk as Buffer).length;
      if (size >= 65_536) break;
    }
  } finally {
    file.stream.destroy();
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The records of a stored file, header first, as the parser reads them (streamed). */
async function* recordsOf(
  deps: Pick<Deps, 'config'>,
  key: string,
  delimiter: string,
): AsyncGenerator<string[]> {
  const file = await fileStoreFor(deps.config).open(key);
  if (!file) throw new Error('The uploaded file is gone.');
  const parser = file.stream.pipe(csvParser(delimiter));
  file.stream.on('error', (err) => parser.destroy(err));
  try {
    for await (const record of parser) yield record as string[];
  } finally {
    file.stream.destroy();
    parser.destroy();
  }
}

// ---- The suggested mapping ----

const plain = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, '');
const SUGGESTIONS: Record<string, ContactImportField> = {};
for (const [field, names] of Object.entries({
  email: ['email', 'emailaddress', 'mail', 'emails', 'primaryemail', 'workemail'],
  phone: [
    'phone',
    'phonenumber',
    'mobile',
    'mobilephone',
    'mobilenumber',
    'tel',
    'telephone',
    'cell',
    'cellphone',
    'whatsapp',
  ],
  name: ['name', 'fullname', 'contactname', 'customername', 'displayname', 'customer', 'contact'],
  first_name: ['firstname', 'first', 'givenname', 'forename'],
  last_name: ['lastname', 'last', 'surname', 'familyname'],
}) as [ContactImportField, string[]][])
  for (const name of names) SUGGESTIONS[name] = field;

/** Column index → field for the headers that name one (each field once, the first column wins). */
export function suggestMapping(header: string[]): Record<string, ContactImportTarget> {
  const mapping: Record<string, ContactImportTarget> = {};
  const used = new Set<ContactImportField>();
  header.forEach((title, index) => {
    const field = SUGGESTIONS[plain(title)];
    if (field && !used.has(field)) {
      used.add(field);
      mapping[String(index)] = field;
    }
  });
  return mapping;
}

// ---- The signed upload id ----

interface UploadClaim {
  /** File key, account, expiry (ms), delimiter, data rows, header columns, file name. */
  k: string;
  a: number;
  e: number;
  d: string;
  n: number;
  h: number;
  f: string;
}

function signUpload(deps: Pick<Deps, 'secrets'>, claim: UploadClaim): string {
  const data = Buffer.from(JSON.stringify(claim)).toString('base64url');
  return `${data}.${deps.secrets.sign(SIGN_PURPOSE, data)}`;
}

function openUpload(deps: Pick<Deps, 'secrets'>, agent: AgentContext, id: string): UploadClaim {
  const [data = '', sig = ''] = id.split('.');
  let claim: UploadClaim | null = null;
  if (deps.secrets.verify(SIGN_PURPOSE, data, sig)) {
    try {
      claim = JSON.parse(Buffer.from(data, 'base64url').toString('utf8')) as UploadClaim;
    } catch {
      claim = null;
    }
  }
  // Another account's upload, a forged one or an old one: not found, choose the file again.
  if (!claim || claim.a !== agent.accountId || claim.e < Date.now())
    throw notFound(
      'That upload (it may be more than an hour old: choose the file again) was not found.',
    );
  return claim;
}

// ---- Step 1: preview ----

/**
 * Stores an uploaded CSV and reads it once: its delimiter, header, first rows and number of rows
 * (over CONTACT_IMPORT_LIMITS answers 400 `csv_too_large`, unreadable 400 `csv_invalid`, and
 * nothing is kept). Answers a signed upload id that step 2 names instead of sending it again.
 */
export async function previewContactImport(
  deps: Deps,
  agent: AgentContext,
  upload: { stream: Readable; fileName: string; truncated: () => boolean },
): Promise<ContactImportPreview> {
  const store = fileStoreFor(deps.config);
  let key: string;
  try {
    ({ key } = await store.put(upload.stream, { maxBytes: CONTACT_IMPORT_LIMITS.bytes }));
  } catch (err) {
    if (
      err instanceof FileTooLargeError ||
      (err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE'
    )
      throw tooLarge();
    throw err;
  }
  try {
    if (upload.truncated()) throw tooLarge();
    const delimiter = detectDelimiter(await readHead(key, deps));
    let header: string[] | null = null;
    const sample: string[][] = [];
    let total = 0;
    try {
      for await (const record of recordsOf(deps, key, delimiter)) {
        if (!header) {
          header = record.map((cell) => cell.trim());
          continue;
        }
        total += 1;
        if (total > CONTACT_IMPORT_LIMITS.rows) throw tooLarge();
        if (sample.length < CONTACT_IMPORT_LIMITS.sampleRows)
          sample.push(header.map((_, i) => record[i] ?? ''));
      }
    } catch (err) {
      throw err instanceof AppError ? err : unreadable(err);
    }
    if (!header || header.every((h) => h === ''))
      throw invalid(
        apiText('The file is empty: its first row should name the columns (Name, Email, Phone…).'),
      );
    if (total === 0) throw invalid(apiText('The file has a header row but no contacts under it.'));
    const fileName = upload.fileName.slice(0, 200) || 'contacts.csv';
    const claim: UploadClaim = {
      k: key,
      a: agent.accountId,
      e: Date.now() + UPLOAD_LIFETIME_MS,
      d: delimiter,
      n: total,
      h: header.length,
      f: fileName,
    };
    // A file previewed but never imported does not stay in the store.
    await enqueueJob(deps.db, {
      kind: CONTACT_IMPORT_CLEANUP_JOB,
      accountId: agent.accountId,
      payload: { file_key: key },
      runAt: new Date(Date.now() + UPLOAD_KEPT_MS),
    });
    return {
      upload_id: signUpload(deps, claim),
      file_name: fileName,
      total_rows: total,
      delimiter,
      header,
      sample,
      suggested_mapping: suggestMapping(header),
    };
  } catch (err) {
    await store.remove(key);
    throw err;
  }
}

// ---- Step 2: start ----

/** What the job row's payload holds: the import's settings and its progress. */
interface ImportPayload {
  file_key: string;
  file_name: string;
  delimiter: string;
  mapping: Record<string, ContactImportTarget>;
  user_id: number;
  status: 'queued' | 'running' | 'done' | 'failed';
  total: number;
  processed: number;
  created: number;
  updated: number;
  failed_count: number;
  failed: ContactImportFailure[];
  error: string | null;
}

const fieldLabel: Record<ContactImportField, string> = {
  name: 'Name',
  first_name: 'First name',
  last_name: 'Last name',
  email: 'Email',
  phone: 'Phone',
};

/** The mapping, checked against the file: known columns, each field once, email or phone. */
function checkMapping(mapping: ContactImportStartBody['mapping'], columns: number) {
  const problems: { path: string; message: Words }[] = [];
  const seen = new Map<string, string>();
  for (const [column, target] of Object.entries(mapping)) {
    if (Number(column) >= columns)
      problems.push({
        path: `mapping.${column}`,
        message: apiText('The file has {columns} columns.', { columns }),
      });
    const key = typeof target === 'string' ? target : `attribute:${target.attribute}`;
    if (seen.has(key))
      problems.push({
        path: `mapping.${column}`,
        message:
          typeof target === 'string'
            ? apiText('{field} is already filled from another column.', {
                field: fieldLabel[target],
              })
            : apiText('attribute “{attribute}” is already filled from another column.', {
                attribute: target.attribute,
              }),
      });
    seen.set(key, column);
  }
  if (problems.length > 0)
    throw badRequest('Each field can be filled from one column of the file.', problems);
  if (!seen.has('email') && !seen.has('phone'))
    throw badRequest(
      'Choose the column with email addresses or phone numbers: that is how an imported contact is recognised the next time.',
      [{ path: 'mapping', message: 'Map a column to Email or Phone.' }],
    );
}

/**
 * Starts importing a previewed upload with this mapping: one durable job (kind
 * `contacts.import`) whose id is the import's. Starting the same upload again answers the
 * import already started.
 */
export async function startContactImport(
  deps: Deps,
  agent: AgentContext,
  body: ContactImportStartBody,
): Promise<ContactImportProgress> {
  const claim = openUpload(deps, agent, body.upload_id);
  checkMapping(body.mapping, claim.h);
  const existing = await findImportOfFile(deps.db, {
    accountId: agent.accountId,
    fileKey: claim.k,
  });
  if (existing !== null) return getContactImport(deps, agent, existing);
  const payload: ImportPayload = {
    file_key: claim.k,
    file_name: claim.f,
    delimiter: claim.d,
    mapping: body.mapping,
    user_id: agent.userId,
    status: 'queued',
    total: claim.n,
    processed: 0,
    created: 0,
    updated: 0,
    failed_count: 0,
    failed: [],
    error: null,
  };
  const id = await enqueueJob(deps.db, {
    kind: CONTACT_IMPORT_JOB,
    accountId: agent.accountId,
    payload: payload as unknown as Record<string, unknown>,
    maxAttempts: 5,
  });
  deps.jobs.wake();
  return getContactImport(deps, agent, id);
}

// ---- Progress ----

function progressOf(row: {
  id: number;
  status: JobRow['status'];
  payload: Record<string, unknown>;
  createdAt: Date;
}): ContactImportProgress {
  const p = row.payload as unknown as ImportPayload;
  const status =
    row.status === 'failed' || p.status === 'failed'
      ? 'failed'
      : p.status === 'done'
        ? 'done'
        : row.status === 'running' || p.processed > 0
          ? 'running'
          : 'queued';
  return {
    id: row.id,
    status,
    file_name: p.file_name,
    total: p.total,
    processed: p.processed,
    created: p.created,
    updated: p.updated,
    failed_count: p.failed_count,
    failed: p.failed,
    error:
      status === 'failed'
        ? (p.error ??
          'The import stopped because of an error on our side. Import the file again: rows already imported are not duplicated.')
        : null,
    created_at: row.createdAt.toISOString(),
  };
}

/** An import's progress and failed rows; another account's is not found. */
export async function getContactImport(
  deps: Pick<Deps, 'db'>,
  agent: AgentContext,
  id: number,
): Promise<ContactImportProgress> {
  const row = await findImportJob(deps.db, { accountId: agent.accountId, id });
  if (!row) throw notFound('That import was not found.');
  return progressOf(row);
}

/** The failed rows as CSV (row, reason), for fixing the file and importing it again. */
export async function contactImportErrorsCsv(
  deps: Pick<Deps, 'db'>,
  agent: AgentContext,
  id: number,
): Promise<string> {
  const progress = await getContactImport(deps, agent, id);
  return [
    csvLine(['row', 'reason']),
    ...progress.failed.map((f) => csvLine([f.row, f.reason])),
  ].join('');
}

// ---- The job ----

interface ValidRow extends ImportedValues {
  row: number;
}

/** Spaces, dashes, dots, brackets and slashes go; a leading 00 is the international +. */
export function normalizeImportedPhone(text: string): string | null {
  const compact = text.replace(/[\s().\-/]/g, '').replace(/^00/, '+');
  return e164Phone.safeParse(compact).success ? compact : null;
}

/** One record of the file, checked and mapped; a string is why the row is refused. */
function readRow(record: string[], mapping: ImportPayload['mapping']): ImportedValues | string {
  const cells = record.map((c) => c.trim());
  const values: Partial<Record<ContactImportField, string>> = {};
  const attributes: Record<string, string> = {};
  let anything = false;
  for (const [column, target] of Object.entries(mapping)) {
    const cell = cells[Number(column)] ?? '';
    if (!cell) continue;
    anything = true;
    if (typeof target === 'string') values[target] = cell;
    else attributes[target.attribute] = cell;
  }
  if (!anything) return 'The row is empty.';
  const name =
    values.name || [values.first_name, values.last_name].filter(Boolean).join(' ') || null;
  if (name && name.length > CONTACT_FIELD_MAX)
    return `The name is longer than ${CONTACT_FIELD_MAX} characters.`;
  let email: string | null = null;
  if (values.email) {
    if (!isValidEmail(values.email))
      return `“${values.email.slice(0, 100)}” is not a valid email address.`;
    email = values.email.toLowerCase();
  }
  let phone: string | null = null;
  if (values.phone) {
    phone = normalizeImportedPhone(values.phone);
    if (!phone)
      return `“${values.phone.slice(0, 50)}” is not a phone number in international form, like +14155550100.`;
  }
  if (!email && !phone)
    return 'The row has no email or phone number: a contact is recognised by one of them.';
  for (const [key, value] of Object.entries(attributes))
    if (value.length > CONTACT_ATTRIBUTE_LIMITS.valueLength)
      return `The value of “${key}” is longer than ${CONTACT_ATTRIBUTE_LIMITS.valueLength} characters.`;
  return { name, email, phone, attributes };
}

/**
 * One batch in one transaction: each valid row joins the contact the account knows by its email
 * (else its phone) — as inbound messages find them — or a new contact; rows of the batch naming
 * the same person become one contact. Email and phone identities are added, so the next import
 * and the next inbound message find the same contact. Answers the counts.
 */
async function importBatch(tx: Db, accountId: number, rows: ValidRow[]) {
  await lockAccountImports(tx, { accountId });
  const digits = (p: string) => p.replace(/\D/g, '');
  const known = await findKnownContacts(tx, {
    accountId,
    emails: [...new Set(rows.flatMap((r) => (r.email ? [r.email] : [])))],
    phones: [...new Set(rows.flatMap((r) => (r.phone ? [r.phone] : [])))],
  });
  // Each row's contact: a known id, or a new contact shared by the rows naming the same person.
  const updates = new Map<number, ValidRow & { id: number }>();
  const fresh: ValidRow[][] = [];
  const freshByEmail = new Map<string, number>();
  const freshByPhone = new Map<string, number>();
  const owner: ({ known: number } | { fresh: number })[] = [];
  let updated = 0;
  for (const row of rows) {
    const id =
      (row.email ? known.byEmail.get(row.email) : undefined) ??
      (row.phone ? known.byPhone.get(digits(row.phone)) : undefined);
    if (id !== undefined) {
      const before = updates.get(id);
      updates.set(id, {
        ...row,
        id,
        name: row.name ?? before?.name ?? null,
        email: before?.email ?? row.email,
        phone: before?.phone ?? row.phone,
        attributes: { ...before?.attributes, ...row.attributes },
      });
      owner.push({ known: id });
      updated += 1;
      continue;
    }
    const group =
      (row.email ? freshByEmail.get(row.email) : undefined) ??
      (row.phone ? freshByPhone.get(digits(row.phone)) : undefined);
    const index = group ?? fresh.push([]) - 1;
    fresh[index]!.push(row);
    if (row.email && !freshByEmail.has(row.email)) freshByEmail.set(row.email, index);
    if (row.phone && !freshByPhone.has(digits(row.phone)))
      freshByPhone.set(digits(row.phone), index);
    owner.push({ fresh: index });
  }
  const created = fresh.map((group) =>
    group.reduce<ImportedValues>(
      (into, r) => ({
        name: r.name ?? into.name,
        email: into.email ?? r.email,
        phone: into.phone ?? r.phone,
        attributes: { ...into.attributes, ...r.attributes },
      }),
      { name: null, email: null, phone: null, attributes: {} },
    ),
  );
  const newIds = await insertContacts(tx, { accountId, values: created });
  await updateImportedContacts(tx, {
    accountId,
    values: [...updates.values()].map(({ id, name, email, phone, attributes }) => ({
      id,
      name,
      email,
      phone,
      attributes,
    })),
  });
  const identities = rows.flatMap((row, i) => {
    const who = owner[i]!;
    const contactId = 'known' in who ? who.known : newIds[who.fresh]!;
    return [
      ...(row.email ? [{ contactId, kind: 'email' as const, value: row.email }] : []),
      ...(row.phone ? [{ contactId, kind: 'phone' as const, value: row.phone }] : []),
    ];
  });
  await insertIdentities(tx, { accountId, identities });
  // A row naming a contact created earlier in this batch counts as an update of it.
  return { created: newIds.length, updated: updated + (rows.length - updated - newIds.length) };
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The `contacts.import` job: reads the stored file from where the last run stopped, a batch per
 * transaction (progress saved in the same transaction, so a retaken job neither skips nor
 * repeats a row), yielding to the event loop between batches so requests are served meanwhile.
 * After `sliceMs` it hands the worker back (`continue`) and is picked up again after the jobs
 * waiting behind it. Bad rows are counted and reported, never stop it.
 */
export function contactImportJob(
  deps: Deps,
  options: { batchRows?: number; sliceMs?: number } = {},
): JobHandler {
  const batchRows = options.batchRows ?? 500;
  const sliceMs = options.sliceMs ?? 5_000;
  return {
    async run(job) {
      const accountId = job.accountId!;
      const progress = { ...(job.payload as unknown as ImportPayload) };
      if (progress.status === 'done' || progress.status === 'failed') return;
      const started = Date.now();
      const store = fileStoreFor(deps.config);
      const kept = await store.open(progress.file_key).catch(() => null);
      kept?.stream.destroy();
      if (!kept) {
        await updateJobPayload(deps.db, job.id, {
          ...progress,
          status: 'failed',
          error:
            'The uploaded file is no longer kept. Import it again: rows already imported are not duplicated.',
        });
        return;
      }
      progress.status = 'running';
      let pending: { row: number; record: string[] }[] = [];

      const flush = async () => {
        const batch = pending;
        pending = [];
        const valid: ValidRow[] = [];
        const failures: ContactImportFailure[] = [];
        for (const { row, record } of batch) {
          const read = readRow(record, progress.mapping);
          if (typeof read === 'string') failures.push({ row, reason: read });
          else valid.push({ row, ...read });
        }
        await deps.db.transaction(async (tx) => {
          const counts = valid.length > 0 ? await importBatch(tx, accountId, valid) : null;
          progress.processed += batch.length;
          progress.created += counts?.created ?? 0;
          progress.updated += counts?.updated ?? 0;
          progress.failed_count += failures.length;
          progress.failed = [...progress.failed, ...failures].slice(
            0,
            CONTACT_IMPORT_LIMITS.failuresKept,
          );
          await updateJobPayload(tx, job.id, progress as unknown as Record<string, unknown>);
        });
        await nextTurn();
      };

      try {
        let index = -1;
        for await (const record of recordsOf(deps, progress.file_key, progress.delimiter)) {
          index += 1;
          // The header, and the rows an earlier run already imported.
          if (index === 0 || index <= progress.processed) continue;
          // Spreadsheet numbering: the header is row 1.
          pending.push({ row: index + 1, record });
          if (pending.length < batchRows) continue;
          await flush();
          if (Date.now() - started >= sliceMs && progress.processed < progress.total) {
            // Picked up again right after the jobs waiting, not at the next poll.
            deps.jobs.wake();
            return 'continue';
          }
        }
        if (pending.length > 0) await flush();
      } catch (err) {
        // The batch rolled back and its progress with it: retried from there.
        throw new RetryableError(err instanceof Error ? err.message : String(err));
      }
      await deps.db.transaction(async (tx) => {
        progress.status = 'done';
        await updateJobPayload(tx, job.id, progress as unknown as Record<string, unknown>);
        await recordAudit(tx, {
          accountId,
          userId: progress.user_id,
          action: 'contacts_imported',
          details: {
            file_name: progress.file_name,
            rows: progress.processed,
            created: progress.created,
            updated: progress.updated,
            failed: progress.failed_count,
          },
        });
      });
      await store.remove(progress.file_key);
    },
    // The job row's status says failed; the progress keeps the rows done so far.
    async onGiveUp(job) {
      await fileStoreFor(deps.config).remove((job.payload as unknown as ImportPayload).file_key);
    },
  };
}

/** Removes a previewed file once its upload id has long expired; a started import removes its own. */
export function contactImportCleanupJob(deps: Deps): JobHandler {
  return {
    async run(job) {
      const key = (job.payload as { file_key?: unknown }).file_key;
      if (typeof key !== 'string') return;
      const importId = await findImportOfFile(deps.db, { accountId: job.accountId!, fileKey: key });
      // An import still running keeps its file; it removes it when it ends.
      if (importId !== null) {
        const row = await findImportJob(deps.db, { accountId: job.accountId!, id: importId });
        const status = (row?.payload as { status?: string } | undefined)?.status;
        if (row && row.status !== 'failed' && status !== 'done' && status !== 'failed') return;
      }
      await fileStoreFor(deps.config).remove(key);
    },
  };
}
