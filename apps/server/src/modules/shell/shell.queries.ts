import { asc, desc } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { demoRequests, releaseNotes } from '../../db/schema';

/** Release notes belong to the product, not to an account: every account reads the same list. */
export function listReleaseNotes(db: Db) {
  return db
    .select()
    .from(releaseNotes)
    .orderBy(desc(releaseNotes.releasedOn), asc(releaseNotes.id));
}

export async function insertDemoRequest(
  db: Db,
  v: {
    accountId: number;
    userId: number;
    slot: Date;
    timezone: string;
    phone: string | null;
    notes: string | null;
  },
) {
  const [row] = await db.insert(demoRequests).values(v).returning();
  return row!;
}
