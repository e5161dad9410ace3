import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

interface S3rverInstance {
  run(): Promise<{ address: string; port: number }>;
  close(): Promise<void>;
}
type S3rverClass = new (options: {
  port: number;
  address: string;
  silent: boolean;
  directory: string;
  configureBuckets: { name: string }[];
}) => S3rverInstance;

/** s3rver ships no types: it is loaded as the CommonJS module it is. */
const S3rver = createRequire(import.meta.url)('s3rver') as S3rverClass;

export interface TestS3 {
  /** The S3_ variables that point a server at this store. */
  env: Record<string, string>;
  endpoint: string;
  bucket: string;
  /** The keys of the objects in the bucket. */
  keys(): Promise<string[]>;
  close(): Promise<void>;
}

/**
 * A real S3 API (s3rver, path-style, credentials S3RVER/S3RVER) on a free local port, with one
 * empty bucket, for tests of the S3 file store.
 */
export async function startTestS3(bucket = 'parley-test'): Promise<TestS3> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'parley-s3-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: {
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    async keys() {
      const { S3Client, ListObjectsV2Command } = await import('@aws-sdk/client-s3');
      const client = new S3Client({
        endpoint,
        region: 'us-east-1',
        forcePathStyle: true,
        credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      });
      try {
        const out = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
        return (out.Contents ?? []).map((o) => o.Key!).sort();
      } finally {
        client.destroy();
      }
    },
    async close() {
      await server.close();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}
