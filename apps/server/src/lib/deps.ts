import type { Config } from '../config';
import type { Db } from '../db/client';
import type { EventBus } from './events';
import type { JobWorker } from './jobs';
import type { Mailer } from './mailer';
import type { SecretBox } from './secret-box';

/** What services need from the outside world; built once in main.ts (or per test). */
export interface Deps {
  db: Db;
  config: Config;
  mailer: Mailer;
  events: EventBus;
  /** Durable background jobs; `wake()` after enqueueing so work starts at once. */
  jobs: JobWorker;
  /** Encrypts channel secrets at rest. */
  secrets: SecretBox;
}
