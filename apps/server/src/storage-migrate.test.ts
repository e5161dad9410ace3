import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';
import { localFileStore, newFileKey } from './lib/file-store';
import { s3FileStore } from './lib/s3-file-store';
import { startTestS3, type TestS3 } from './lib/s3-test-server';
import { migrateLocalFiles } from './storage-migrate';

let s3: TestS3;
let dataDir: string;
beforeAll(async () => {
  s3 = await startTestS3('parley-migrate');
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'parley-migrate-'));
});
afterAll(async () => {
  await s3.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

const text = async (stream: Readable) => Buffer.concat(await stream.toArray());

describe('moving local files to S3 (storage:migrate)', () => {
  it('uploads every file under its own key, logs each one, and a rerun skips what is done', async () => {
    const local = localFileStore(dataDir);
    const files = await Promise.all(
      [10, 2000, 70_000].map(async (n) => {
        const bytes = crypto.randomBytes(n);
        return { bytes, ...(await local.put(Readable.from([bytes]))) };
      }),
    );
    // Something in uploads/ that is no file key of ours is left alone.
    await fs.writeFile(path.join(dataDir, 'uploads', 'README.txt'), 'not a key');
    const config = loadConfig({ DATA_DIR: dataDir, ...s3.env });
    const lines: string[] = [];
    const first = await migrateLocalFiles(config, { print: (l) => lines.push(l) });
    expect(first).toEqual({ total: 3, uploaded: 3, skipped: 0, deleted: 0, bytes: 72_010 });
    expect(lines.some((l) => /^\[3\/3\] .* uploaded \(72010 bytes sent\)$/.test(l))).toBe(true);
    expect(await s3.keys()).toEqual(files.map((f) => f.key).sort());
    const store = s3FileStore(config.storage.s3!);
    for (const f of files)
      expect((await text((await store.open(f.key))!.stream)).equals(f.bytes)).toBe(true);
    const log = await fs.readFile(path.join(dataDir, 'storage-migrate.log'), 'utf8');
    expect(log.trim().split('\n').sort()).toEqual(files.map((f) => f.key).sort());

    // A file added since, and one already in the bucket with the same size (a run cut short
    // before its log line): only the new one is sent.
    const later = crypto.randomBytes(500);
    const added = await local.put(Readable.from([later]));
    const cutShort = await local.put(Readable.from([Buffer.from('already there')]));
    await store.putAt(cutShort.key, Readable.from([Buffer.from('already there')]));
    const second = await migrateLocalFiles(config, { print: () => {} });
    expect(second).toMatchObject({ total: 5, uploaded: 1, skipped: 4, bytes: 500 });
    expect((await text((await store.open(added.key))!.stream)).equals(later)).toBe(true);
    // The local files stay without --delete-local.
    await expect(local.open(files[0]!.key)).resolves.not.toBeNull();
  });

  it('with --delete-local removes each local file once the bucket holds it whole', async () => {
    const config = loadConfig({ DATA_DIR: dataDir, ...s3.env });
    const local = localFileStore(dataDir);
    // A key whose object in the bucket is not the same size is sent again before it is deleted.
    const changed = newFileKey();
    await s3FileStore(config.storage.s3!).putAt(changed, Readable.from([Buffer.from('old')]));
    await fs.mkdir(path.join(dataDir, 'uploads', path.dirname(changed)), { recursive: true });
    await fs.writeFile(path.join(dataDir, 'uploads', changed), 'the newer bytes');
    const result = await migrateLocalFiles(config, { deleteLocal: true, print: () => {} });
    expect(result).toMatchObject({ total: 6, uploaded: 1, skipped: 5, deleted: 6 });
    await expect(local.open(changed)).resolves.toBeNull();
    const moved = await s3FileStore(config.storage.s3!).open(changed);
    expect((await text(moved!.stream)).toString()).toBe('the newer bytes');
    expect(await fs.readFile(path.join(dataDir, 'uploads', 'README.txt'), 'utf8')).toBe(
      'not a key',
    );
  });

  it('refuses to run without S3_BUCKET, naming what to set', async () => {
    await expect(migrateLocalFiles(loadConfig({ DATA_DIR: dataDir }))).rejects.toThrow(ConfigError);
    await expect(migrateLocalFiles(loadConfig({ DATA_DIR: dataDir }))).rejects.toThrow(
      /Set S3_BUCKET/,
    );
  });
});
