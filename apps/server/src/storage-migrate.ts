/**
 * Moves the files of `DATA_DIR/uploads` into the S3 bucket of S3_BUCKET, each under the key it
 * has now (the database keeps pointing at the same keys): `npm run storage:migrate -w
 * @parley/server [-- --delete-local]`. Safe to stop and run again: every key done is appended to
 * `DATA_DIR/storage-migrate.log` and skipped next time, and an object already in the bucket with
 * the same size is not sent twice. See docs/ARCHITECTURE.md, Storage.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ConfigError, loadConfig, type Config } from './config';
import { isFileKey } from './lib/file-store';
import { s3FileStore } from './lib/s3-file-store';

/** Files sent at once: enough to hide the bucket's latency, few enough for any connection. */
const CONCURRENCY = 4;

export interface MigrationResult {
  total: number;
  uploaded: number;
  /** Already in the bucket with the same size, or done by an earlier run. */
  skipped: number;
  deleted: number;
  bytes: number;
}

/** The keys under `uploads/` (`xx/<32 hex>`); anything else there is not ours and stays. */
async function localKeys(root: string): Promise<string[]> {
  const entries = await fsp.readdir(root, { recursive: true }).catch((err: unknown) => {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [] as string[];
    throw err;
  });
  return entries
    .map((entry) => entry.split(path.sep).join('/'))
    .filter(isFileKey)
    .sort();
}

export async function migrateLocalFiles(
  config: Pick<Config, 'dataDir' | 'storage'>,
  options: { deleteLocal?: boolean; print?: (line: string) => void } = {},
): Promise<MigrationResult> {
  const s3 = config.storage.s3;
  if (!s3)
    throw new ConfigError(
      'Set S3_BUCKET (and S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY as your store needs) to the bucket the files should move to.',
    );
  const print = options.print ?? ((line: string) => console.info(line));
  const store = s3FileStore(s3);
  const root = path.join(config.dataDir, 'uploads');
  const logFile = path.join(config.dataDir, 'storage-migrate.log');
  const done = new Set(
    (await fsp.readFile(logFile, 'utf8').catch(() => ''))
      .split('\n')
      .map((line) => line.trim())
      .filter(isFileKey),
  );
  await store.check();
  const keys = await localKeys(root);
  const result: MigrationResult = {
    total: keys.length,
    uploaded: 0,
    skipped: 0,
    deleted: 0,
    bytes: 0,
  };
  print(
    `Moving ${keys.length} file(s) from ${root} to bucket ${s3.bucket}${s3.endpoint ? ` at ${s3.endpoint}` : ''}.`,
  );

  let next = 0;
  let finished = 0;
  async function moveOne(key: string) {
    const file = path.join(root, key);
    const { size } = await fsp.stat(file);
    let how: string;
    if (done.has(key) && !options.deleteLocal) {
      how = 'done earlier';
      result.skipped++;
    } else {
      const there = await store.stat(key);
      if (there?.size === size) {
        how = done.has(key) ? 'done earlier' : 'already in the bucket';
        result.skipped++;
      } else {
        const put = await store.putAt(key, fs.createReadStream(file));
        if (put.size !== size) throw new Error(`${key}: sent ${put.size} of ${size} bytes`);
        how = 'uploaded';
        result.uploaded++;
        result.bytes += size;
      }
      if (!done.has(key)) await fsp.appendFile(logFile, `${key}\n`);
      if (options.deleteLocal) {
        await fsp.rm(file, { force: true });
        result.deleted++;
        how += ', local copy deleted';
      }
    }
    finished++;
    print(`[${finished}/${keys.length}] ${key} ${size} bytes: ${how} (${result.bytes} bytes sent)`);
  }
  await Promise.all(
    Array.from({ length: Math.min(CONCURRENCY, keys.length) }, async () => {
      while (next < keys.length) await moveOne(keys[next++]!);
    }),
  );
  print(
    `Done: ${result.uploaded} uploaded (${result.bytes} bytes), ${result.skipped} skipped${options.deleteLocal ? `, ${result.deleted} local copies deleted` : ''}.`,
  );
  return result;
}

// Run as a command (node dist/storage-migrate.js), not imported by a test.
const isMain =
  process.argv[1] !== undefined &&
  import.meta.url === pathToFileURL(fs.realpathSync(process.argv[1])).href;
if (isMain) {
  const args = process.argv.slice(2);
  const unknown = args.filter((a) => a !== '--delete-local');
  if (unknown.length > 0) {
    console.error(`Unknown argument ${unknown.join(' ')}. Usage: storage-migrate [--delete-local]`);
    process.exit(2);
  }
  try {
    await migrateLocalFiles(loadConfig(), { deleteLocal: args.includes('--delete-local') });
  } catch (err) {
    console.error(err instanceof ConfigError ? err.message : err);
    process.exit(1);
  }
}
