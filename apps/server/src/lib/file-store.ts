import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** Bytes `start` to `end` of a file, both included (as HTTP ranges count). */
export interface ByteRange {
  start: number;
  end: number;
}

/** A single range a client asked for: from a byte (to the end, or to a byte), or the last n bytes. */
export type RangeRequest = { start: number; end?: number } | { suffix: number };

export interface StoredFile {
  /** The whole file, or only `range` of it when one was asked for. */
  stream: Readable;
  /** The size of the whole file. */
  size: number;
  range?: ByteRange;
}

export interface PresignOptions {
  fileName: string;
  contentType: string;
  inline: boolean;
  expiresInS: number;
}

/**
 * Where uploaded bytes live: `DATA_DIR/uploads` (outside the web root), or an S3-compatible bucket.
 * Keys are random, so a file name chosen by a user never becomes a path or an object name.
 */
export interface FileStore {
  readonly kind: 'local' | 's3';
  /**
   * Streams the bytes into the store under a new key; answers the key and the number of bytes.
   * Past `maxBytes` it stops, keeps nothing and rejects with a FileTooLargeError.
   */
  put(stream: Readable, options?: { maxBytes?: number }): Promise<{ key: string; size: number }>;
  /** The file (or a range of it) as a stream; null when no file has that key. */
  open(key: string, options?: { range?: RangeRequest }): Promise<StoredFile | null>;
  /** Removes the file; a missing file is not an error. */
  remove(key: string): Promise<void>;
  /** A short-lived link that serves the file straight from the store (S3 only). */
  presignedUrl?(key: string, options: PresignOptions): Promise<string>;
  /** Rejects when the store cannot take files (readiness). */
  check(): Promise<void>;
}

/** A stream went past the size its caller allowed. */
export class FileTooLargeError extends Error {
  readonly code = 'FILE_TOO_LARGE';
  constructor(readonly maxBytes: number) {
    super(`The file is larger than ${maxBytes} bytes.`);
  }
}

/** The asked range lies outside the file (HTTP 416); `size` is the file's size. */
export class RangeNotSatisfiableError extends Error {
  constructor(readonly size: number) {
    super('The requested range is not satisfiable.');
  }
}

const KEY_PATTERN = /^[a-f0-9]{2}\/[a-f0-9]{32}$/;

/** A new random key, `xx/<32 hex>`: spread over 256 folders (prefixes in S3). */
export function newFileKey(): string {
  const id = crypto.randomBytes(16).toString('hex');
  return `${id.slice(0, 2)}/${id}`;
}

export function assertFileKey(key: string): string {
  if (!KEY_PATTERN.test(key)) throw new Error('Bad file key');
  return key;
}

export function isFileKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

/**
 * The `Range` header as one range, or undefined when the whole file should be sent: no header,
 * another unit, several ranges or a malformed value (HTTP lets a server ignore those).
 */
export function parseRangeHeader(header: string | undefined): RangeRequest | undefined {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match) return undefined;
  const [, from, to] = match;
  if (from === '' && to === '') return undefined;
  if (from === '') return { suffix: Number(to) };
  const start = Number(from);
  if (to === '') return { start };
  const end = Number(to);
  return end < start ? undefined : { start, end };
}

/** The bytes a range covers in a file of `size` bytes; throws when none of them exist. */
export function resolveRange(range: RangeRequest, size: number): ByteRange {
  if ('suffix' in range) {
    if (range.suffix === 0 || size === 0) throw new RangeNotSatisfiableError(size);
    return { start: Math.max(0, size - range.suffix), end: size - 1 };
  }
  if (range.start >= size) throw new RangeNotSatisfiableError(size);
  return { start: range.start, end: Math.min(range.end ?? size - 1, size - 1) };
}

/** Counts what passes; past `maxBytes` it fails with a FileTooLargeError. */
export function byteCounter(maxBytes = Infinity) {
  let bytes = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _enc, done: TransformCallback) {
      bytes += chunk.length;
      if (bytes > maxBytes) done(new FileTooLargeError(maxBytes));
      else done(null, chunk);
    },
  });
  return { counter, bytes: () => bytes };
}

/**
 * The whole file as a stream that opens the file only when first read (a mail or a test reads it
 * later, or never); it errors with code ENOENT when the file is missing.
 */
export function readStored(store: FileStore, key: string): Readable {
  return Readable.from(
    (async function* () {
      const file = await store.open(key);
      if (!file)
        throw Object.assign(new Error(`No stored file ${key}`), { code: 'ENOENT' as const });
      yield* file.stream;
    })(),
    { objectMode: false },
  );
}

export function localFileStore(dataDir: string): FileStore {
  const root = path.join(dataDir, 'uploads');
  const fileOf = (key: string) => path.join(root, assertFileKey(key));
  return {
    kind: 'local',
    async put(stream, options = {}) {
      const key = newFileKey();
      const file = fileOf(key);
      await fsp.mkdir(path.dirname(file), { recursive: true });
      const { counter, bytes } = byteCounter(options.maxBytes);
      try {
        await pipeline(stream, counter, fs.createWriteStream(file, { flags: 'wx' }));
      } catch (err) {
        await fsp.rm(file, { force: true });
        throw err;
      }
      return { key, size: bytes() };
    },
    async open(key, options = {}) {
      let handle: fsp.FileHandle;
      try {
        handle = await fsp.open(fileOf(key), 'r');
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
      try {
        const { size } = await handle.stat();
        const range = options.range ? resolveRange(options.range, size) : undefined;
        // The stream owns the handle from here: it closes it when done or destroyed.
        const stream = handle.createReadStream(range ?? {});
        return range ? { stream, size, range } : { stream, size };
      } catch (err) {
        await handle.close();
        throw err;
      }
    },
    remove: (key) => fsp.rm(fileOf(key), { force: true }),
    async check() {
      await fsp.mkdir(root, { recursive: true });
      await fsp.access(root, fs.constants.W_OK);
    },
  };
}
