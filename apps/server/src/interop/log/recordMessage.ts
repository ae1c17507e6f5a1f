import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { interfaceMessages } from '../../db/schema/index.js';

/**
 * The interface message log (issue 44; db/schema/interop.ts): one row per HL7 v2 message in or
 * out. The raw bytes go to a content-addressed blob (they carry patient data: never a column,
 * never a log line); the row keeps the control id, type, status, the reason words, the ACK and
 * the job / patient the message touched.
 */

export type InterfaceMessage = typeof interfaceMessages.$inferSelect;

/** A message to log: its header facts and raw bytes. */
export interface MessageToLog {
  interfaceName: string;
  direction: 'in' | 'out';
  controlId: string;
  messageType: string;
  facility: string | null;
  /** Unique: a second message with the same key is the first one again (see recordMessage). */
  dedupeKey: string;
  raw: Buffer;
  status: string;
  error?: string | null;
  ackCode?: string | null;
  ack?: string | null;
  corporateStructureId?: number | null;
  clientFacilityId?: number | null;
  jobId?: number | null;
  patientId?: number | null;
  distributionId?: number | null;
}

/**
 * Stores the bytes and adds the row, committed when this returns (or within `db`'s transaction).
 * A message whose dedupe key is logged already is not added again: the logged row is answered
 * with `duplicate` (a resent message: acknowledge it with the first outcome, apply it once).
 */
export async function recordMessage(
  ctx: Pick<AppContext, 'blobs' | 'database'>,
  message: MessageToLog,
  db: Db = ctx.database.db,
): Promise<{ row: InterfaceMessage; duplicate: boolean }> {
  const { raw, ...columns } = message;
  const blob = await ctx.blobs.putContent(raw, { prefix: 'hl7', extension: 'hl7' });
  const [added] = await db
    .insert(interfaceMessages)
    .values({ ...columns, blobKey: blob.key })
    .onConflictDoNothing({ target: interfaceMessages.dedupeKey })
    .returning();
  if (added) return { row: added, duplicate: false };
  const [logged] = await db
    .select()
    .from(interfaceMessages)
    .where(eq(interfaceMessages.dedupeKey, message.dedupeKey));
  return { row: logged!, duplicate: true };
}

/** Logs a message that came in (status received, or failed with its reason when refused on arrival). */
export function recordInbound(
  ctx: Pick<AppContext, 'blobs' | 'database'>,
  message: Omit<MessageToLog, 'direction' | 'status'> & { status?: 'received' | 'failed' },
  db?: Db,
) {
  return recordMessage(ctx, { ...message, direction: 'in', status: message.status ?? 'received' }, db);
}

/** What a step of a logged message changes on its row. */
export type MessageMark = Partial<
  Pick<
    InterfaceMessage,
    | 'status'
    | 'error'
    | 'ackCode'
    | 'ack'
    | 'jobId'
    | 'patientId'
    | 'corporateStructureId'
    | 'clientFacilityId'
    | 'processedAt'
    | 'acknowledgedAt'
    | 'handledAt'
    | 'handledByAccountId'
  >
> & { /** Counts one more try (apply or send). */ attempt?: boolean };

/** Writes a step of a logged message (its new status, ACK, reason, job or patient). */
export async function markMessage(db: Db, id: number, mark: MessageMark): Promise<void> {
  const { attempt, ...set } = mark;
  await db
    .update(interfaceMessages)
    .set({ ...set, ...(attempt ? { attempts: sql`${interfaceMessages.attempts} + 1` } : {}) })
    .where(eq(interfaceMessages.id, id));
}
