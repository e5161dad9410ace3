import type { Config } from '../config';
import { localFileStore, type FileStore } from './file-store';
import { s3FileStore } from './s3-file-store';

// Apart from file-store.ts so that the S3 store, which builds on file-store's helpers, is not imported by them.
const stores = new Map<string, FileStore>();

/** The instance's store, from its configuration: S3 when S3_BUCKET is set, else the data directory. */
export function fileStoreFor(config: Pick<Config, 'dataDir' | 'storage'>): FileStore {
  const s3 = config.storage.s3;
  const id = s3
    ? JSON.stringify(['s3', s3.endpoint, s3.region, s3.bucket, s3.credentials?.accessKeyId])
    : JSON.stringify(['local', config.dataDir]);
  let store = stores.get(id);
  if (!store) stores.set(id, (store = s3 ? s3FileStore(s3) : localFileStore(config.dataDir)));
  return store;
}
