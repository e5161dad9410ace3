import { timestamp } from 'drizzle-orm/pg-core';

// Column helpers every schema file shares; not re-exported, so they never reach the Db type.

export const createdAt = () =>
  timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const ts = (name: string) => timestamp(name, { withTimezone: true });
