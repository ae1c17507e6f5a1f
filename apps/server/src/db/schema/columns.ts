import { bigserial, timestamp } from 'drizzle-orm/pg-core';

/** A bigint id column (the job and event tables). */
export const bigId = () => bigserial('id', { mode: 'number' }).primaryKey();

/** A timestamp with time zone, set to now on insert. */
export const createdAt = (name = 'created_at') =>
  timestamp(name, { withTimezone: true }).notNull().defaultNow();
