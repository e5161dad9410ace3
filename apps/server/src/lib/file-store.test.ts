import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';
import {
  FileTooLargeError,
  localFileStore,
  parseRangeHeader,
  RangeNotSatisfiableError,
  readStored,
  type FileStore,
} from './file-store';
import { fileStoreFor } from './file-store-choice';
import { s3FileStore } from './s3-file-store';
import { startTestS3, type TestS3 } from './s3-test-server';

const text = async (stream: Readable) => Buffer.concat(await stream.toArray());

/** One behaviour, whichever store holds the files. */
function contract(name: string, make: () => FileStore) {
  describe(`the ${name} file store`, () => {
    let store: FileStore;
    beforeAll(() => {
      store = make();
    });

    it('keeps the bytes under a new random key and gives them back whole', async () => {
      const bytes = crypto.randomBytes(70_000);
      const a = await store.put(Readable.from([bytes.subarray(0, 1000), bytes.subarray(1000)]));
      const b = await store.put(Readable.from([bytes]));
      expect(a.key).toMatch(/^[a-f0-9]{2}\/[a-f0-9]{32}$/);
      expect(a.key).not.toBe(b.key);
      expect(a.size).toBe(bytes.length);
      const file = await store.open(a.key);
      expect(file!.size).toBe(bytes.length);
      expect(file!.range).toBeUndefined();
      expect((await text(file!.stream)).equals(bytes)).toBe(true);
      expect((await text(readStored(store, b.key))).equals(bytes)).toBe(true);
    });

    it('serves a byte range, an open-ended range and the last bytes', async () => {
      const bytes = Buffer.from('0123456789abcdefghij');
      const { key } = await store.put(Readable.from([bytes]));
      const mid = await store.open(key, { range: { start: 2, end: 5 } });
      expect(mid!.range).toEqual({ start: 2, end: 5 });
      expect(mid!.size).toBe(20);
      expect((await text(mid!.stream)).toString()).toBe('2345');
      const tail = await store.open(key, { range: { start: 15 } });
      expect((await text(tail!.stream)).toString()).toBe('fghij');
      const last = await store.open(key, { range: { suffix: 3 } });
      expect(last!.range).toEqual({ start: 17, end: 19 });
      expect((await text(last!.stream)).toString()).toBe('hij');
      // A range running past the end stops at the last byte.
      const past = await store.open(key, { range: { start: 18, end: 500 } });
      expect((await text(past!.stream)).toString()).toBe('ij');
      await expect(store.open(key, { range: { start: 20 } })).rejects.toBeInstanceOf(
        RangeNotSatisfiableError,
      );
    });

    it('answers null for a missing file, and removing it twice is no error', async () => {
      const { key } = await store.put(Readable.from([Buffer.from('gone soon')]));
      await store.remove(key);
      await store.remove(key);
      expect(await store.open(key)).toBeNull();
      expect(await store.open(key, { range: { start: 0, end: 1 } })).toBeNull();
      await expect(text(readStored(store, key))).rejects.toMatchObject({ code: 'ENOENT' });
    });

    it('stops a stream past its size limit and keeps nothing of it', async () => {
      const before = await listed();
      await expect(
        store.put(Readable.from([crypto.randomBytes(600), crypto.randomBytes(600)]), {
          maxBytes: 1000,
        }),
      ).rejects.toBeInstanceOf(FileTooLargeError);
      expect(await listed()).toEqual(before);
    });

    it('keeps nothing when the source stream fails', async () => {
      const before = await listed();
      const failing = Readable.from(
        (async function* () {
          yield Buffer.from('half a file');
          throw new Error('client went away');
        })(),
      );
      await expect(store.put(failing)).rejects.toThrow('client went away');
      expect(await listed()).toEqual(before);
    });

    it('refuses keys that are not its own', async () => {
      await expect(store.open('../../etc/passwd')).rejects.toThrow('Bad file key');
    });

    it('reports itself ready', async () => {
      await expect(store.check()).resolves.toBeUndefined();
    });
  });
}

let dataDir: string;
let s3: TestS3;
/** What the store under test holds (either kind), to prove a failed upload left nothing. */
let listed: () => Promise<string[]>;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'parley-files-'));
  s3 = await startTestS3();
});
afterAll(async () => {
  await s3.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe('local', () => {
  beforeAll(() => {
    listed = async () =>
      (await fs.readdir(path.join(dataDir, 'uploads'), { recursive: true }).catch(() => []))
        .filter((f) => f.length > 2)
        .sort();
  });
  contract('local', () => localFileStore(dataDir));
});

describe('s3', () => {
  beforeAll(() => {
    listed = () => s3.keys();
  });
  contract('S3', () => fileStoreFor(loadConfig({ DATA_DIR: dataDir, ...s3.env })));

  it('puts files larger than one part as a multipart upload', async () => {
    const store = fileStoreFor(loadConfig({ DATA_DIR: dataDir, ...s3.env }));
    const bytes = crypto.randomBytes(11 * 1024 * 1024);
    const chunks = Array.from({ length: 11 }, (_, i) =>
      bytes.subarray(i * 1024 * 1024, (i + 1) * 1024 * 1024),
    );
    const { key, size } = await store.put(Readable.from(chunks));
    expect(size).toBe(bytes.length);
    const file = await store.open(key, {
      range: { start: 6 * 1024 * 1024, end: 6 * 1024 * 1024 + 9 },
    });
    expect(
      (await text(file!.stream)).equals(bytes.subarray(6 * 1024 * 1024, 6 * 1024 * 1024 + 10)),
    ).toBe(true);
    await store.remove(key);
  });

  it('presigns a link that serves the file with the asked type and disposition', async () => {
    const store = fileStoreFor(loadConfig({ DATA_DIR: dataDir, ...s3.env }));
    const { key } = await store.put(Readable.from([Buffer.from('%PDF-1.7 hello')]));
    const url = await store.presignedUrl!(key, {
      fileName: 'invoice 42.pdf',
      contentType: 'application/pdf',
      inline: false,
      expiresInS: 60,
    });
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="invoice%2042.pdf"; filename*=UTF-8''invoice%2042.pdf`,
    );
    expect(await res.text()).toBe('%PDF-1.7 hello');
  });

  it('is not ready when its bucket does not exist', async () => {
    const store = s3FileStore({
      ...loadConfig({ DATA_DIR: dataDir, ...s3.env }).storage.s3!,
      bucket: 'no-such-bucket',
    });
    await expect(store.check()).rejects.toMatchObject({ $metadata: { httpStatusCode: 404 } });
  });
});

describe('storage configuration', () => {
  it('stores files in DATA_DIR/uploads unless S3_BUCKET is set', () => {
    expect(loadConfig({}).storage.s3).toBeNull();
    expect(fileStoreFor(loadConfig({ DATA_DIR: dataDir })).kind).toBe('local');
    expect(loadConfig({ S3_BUCKET: 'files' }).storage.s3).toEqual({
      bucket: 'files',
      region: 'us-east-1',
      endpoint: null,
      credentials: null,
      presignedDownloads: false,
    });
  });

  it('turns S3 on with S3_BUCKET, and keeps one store per configuration', () => {
    const config = loadConfig({ DATA_DIR: dataDir, ...s3.env });
    expect(config.storage.s3).toMatchObject({
      bucket: s3.bucket,
      endpoint: s3.endpoint,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    expect(fileStoreFor(config).kind).toBe('s3');
    expect(fileStoreFor(loadConfig({ DATA_DIR: dataDir, ...s3.env }))).toBe(fileStoreFor(config));
  });

  it('refuses S3 settings without S3_BUCKET, and one credential without the other', () => {
    expect(() => loadConfig({ S3_ENDPOINT: 'http://minio:9000' })).toThrow(ConfigError);
    expect(() => loadConfig({ S3_ENDPOINT: 'http://minio:9000' })).toThrow(
      /S3_ENDPOINT is set but S3_BUCKET is not/,
    );
    expect(() => loadConfig({ S3_PRESIGNED_DOWNLOADS: 'on' })).toThrow(/S3_BUCKET/);
    expect(() => loadConfig({ S3_BUCKET: 'files', S3_ACCESS_KEY_ID: 'AKIA' })).toThrow(
      /set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither/,
    );
    expect(() => loadConfig({ S3_BUCKET: 'files', S3_ENDPOINT: 'ftp://x' })).toThrow(
      /S3_ENDPOINT must be an http\(s\) URL/,
    );
    expect(() => loadConfig({ S3_BUCKET: 'no/slashes' })).toThrow(/S3_BUCKET must be a bucket/);
  });
});

describe('the Range header', () => {
  it('reads one range and ignores what it cannot serve', () => {
    expect(parseRangeHeader('bytes=0-99')).toEqual({ start: 0, end: 99 });
    expect(parseRangeHeader('bytes=100-')).toEqual({ start: 100 });
    expect(parseRangeHeader('bytes=-500')).toEqual({ suffix: 500 });
    for (const ignored of [undefined, '', 'bytes=-', 'bytes=5-1', 'bytes=0-1,4-5', 'items=0-1'])
      expect(parseRangeHeader(ignored)).toBeUndefined();
  });
});
