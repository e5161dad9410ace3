import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import type { S3Config } from '../config';
import {
  assertFileKey,
  byteCounter,
  newFileKey,
  resolveRange,
  type FileStore,
  type RangeRequest,
} from './file-store';

/** Multipart uploads send parts of this size, at most two at a time: an upload holds ≤ 10 MB. */
const PART_SIZE = 5 * 1024 * 1024;
const QUEUE_SIZE = 2;

/** What the store offers beyond FileStore, for the migration command. */
export interface S3FileStore extends FileStore {
  readonly kind: 's3';
  /** Streams bytes to a given key (a file moved from the data directory keeps its key). */
  putAt(key: string, stream: Readable, options?: { maxBytes?: number }): Promise<{ size: number }>;
  /** The object's size; null when there is none. */
  stat(key: string): Promise<{ size: number } | null>;
}

function isMissing(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
}

/**
 * Files in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, Google Cloud Storage interop).
 * The SDK loads on first use, so a server that stores files locally never pays for it.
 */
export function s3FileStore(config: S3Config): S3FileStore {
  let loaded: Promise<{ client: S3Client; sdk: typeof import('@aws-sdk/client-s3') }> | null = null;
  const load = () =>
    (loaded ??= (async () => {
      // On Node 20 (which Parley supports) the SDK prints a warning that its 2027 releases need
      // Node 22. Its own switch silences it; an operator who sets the variable to false sees it.
      process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
      const sdk = await import('@aws-sdk/client-s3');
      const client = new sdk.S3Client({
        region: config.region,
        ...(config.endpoint
          ? {
              endpoint: config.endpoint,
              // MinIO, s3rver and most self-hosted stores have no per-bucket host names.
              forcePathStyle: true,
              // Checksums the store may not know (CRC32 trailers) are sent only when S3 needs them.
              requestChecksumCalculation: 'WHEN_REQUIRED' as const,
              responseChecksumValidation: 'WHEN_REQUIRED' as const,
            }
          : {}),
        ...(config.credentials ? { credentials: config.credentials } : {}),
      });
      return { client, sdk };
    })());
  const Bucket = config.bucket;

  async function putAt(key: string, stream: Readable, options: { maxBytes?: number } = {}) {
    const { client } = await load();
    const { Upload } = await import('@aws-sdk/lib-storage');
    const { counter, bytes } = byteCounter(options.maxBytes);
    // A failing source or an oversized file fails the counter, and with it the upload.
    pipeline(stream, counter, () => {});
    const upload = new Upload({
      client,
      params: {
        Bucket,
        Key: assertFileKey(key),
        Body: counter,
        ContentType: 'application/octet-stream',
      },
      partSize: PART_SIZE,
      queueSize: QUEUE_SIZE,
      leavePartsOnError: false,
    });
    await upload.done();
    return { size: bytes() };
  }

  async function stat(key: string) {
    const { client, sdk } = await load();
    try {
      const head = await client.send(
        new sdk.HeadObjectCommand({ Bucket, Key: assertFileKey(key) }),
      );
      return { size: head.ContentLength ?? 0 };
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async function get(key: string, range?: RangeRequest) {
    const { client, sdk } = await load();
    // Ranges are resolved against the size here, not by the store: not every S3-compatible store
    // understands suffix ranges (`bytes=-500`), and a 416 needs the size for Content-Range.
    let resolved;
    if (range) {
      const head = await stat(key);
      if (!head) return null;
      resolved = resolveRange(range, head.size);
    }
    try {
      const out = await client.send(
        new sdk.GetObjectCommand({
          Bucket,
          Key: assertFileKey(key),
          ...(resolved ? { Range: `bytes=${resolved.start}-${resolved.end}` } : {}),
        }),
      );
      const stream = out.Body as Readable;
      const size = resolved
        ? Number(/\/(\d+)$/.exec(out.ContentRange ?? '')?.[1] ?? NaN)
        : (out.ContentLength ?? 0);
      return resolved ? { stream, size, range: resolved } : { stream, size };
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  return {
    kind: 's3',
    async put(stream, options) {
      const key = newFileKey();
      const { size } = await putAt(key, stream, options);
      return { key, size };
    },
    putAt,
    stat,
    open: (key, options = {}) => get(key, options.range),
    async remove(key) {
      const { client, sdk } = await load();
      await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: assertFileKey(key) }));
    },
    async presignedUrl(key, { fileName, contentType, inline, expiresInS }) {
      const { client, sdk } = await load();
      const { getSignedUrl } = await import('@aws-sdk/s3-request-presigner');
      const encoded = encodeURIComponent(fileName);
      return getSignedUrl(
        client,
        new sdk.GetObjectCommand({
          Bucket,
          Key: assertFileKey(key),
          ResponseContentType: contentType,
          ResponseContentDisposition: `${inline ? 'inline' : 'attachment'}; filename="${encoded}"; filename*=UTF-8''${encoded}`,
        }),
        { expiresIn: expiresInS },
      );
    },
    async check() {
      const { client, sdk } = await load();
      await client.send(new sdk.HeadBucketCommand({ Bucket }));
    },
  };
}
