import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Where uploaded bytes live (design.md §1: `DATA_DIR/uploads`), outside the web root. Keys are
 * random, so a file name chosen by a user never becomes a path.
 */
export interface FileStore {
  /** Writes the stream; resolves with the key and the number of bytes written. */
  put(stream: Readable): Promise<{ key: string; size: number }>;
  read(key: string): Readable;
  remove(key: string): Promise<void>;
}

export function localFileStore(dataDir: string): FileStore {
  const root = path.join(dataDir, 'uploads');
  const fileOf = (key: string) => {
    if (!/^[a-f0-9]{2}\/[a-f0-9]{32}$/.test(key)) throw new Error('Bad file key');
    return path.join(root, key);
  };
  return {
    async put(stream) {
      const id = crypto.randomBytes(16).toString('hex');
      const key = `${id.slice(0, 2)}/${id}`;
      const file = fileOf(key);
      await fsp.mkdir(path.dirname(file), { recursive: true });
      let size = 0;
      stream.on('data', (chunk: Buffer) => (size += chunk.length));
      try {
        await pipeline(stream, fs.createWriteStream(file, { flags: 'wx' }));
      } catch (err) {
        await fsp.rm(file, { force: true });
        throw err;
      }
      return { key, size };
    },
    read: (key) => fs.createReadStream(fileOf(key)),
    remove: (key) => fsp.rm(fileOf(key), { force: true }),
  };
}
