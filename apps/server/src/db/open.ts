import path from 'node:path';
import type { Config } from '../config';
import { openPglite, openPostgres, type Database } from './client';

/** PostgreSQL when DATABASE_URL is set, otherwise PGlite files under DATA_DIR. */
export async function openDatabase(config: Config): Promise<Database> {
  return config.databaseUrl
    ? openPostgres(config.databaseUrl)
    : openPglite(path.join(config.dataDir, 'pglite'));
}
