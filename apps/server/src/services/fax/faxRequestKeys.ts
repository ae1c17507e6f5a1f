import { createHash } from 'node:crypto';
import { type FaxRequest, type FaxResult, FaxResultSchema, LIMITS, message } from '@quill/core';
import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { faxRequests } from '../../db/schema/index.js';
import { conflict } from '../../errors/domainErrors.js';

/**
 * Issue 41 "Fax idempotency": the client's key of one fax request (the dialog makes one per send
 * and sends it again when it retries), the account that sent it, and what the request asked.
 */
export interface FaxRequestKey {
  accountId: number;
  key: string;
  /** The request without its key: a repeat asks the same, another request under the key does not. */
  hash: string;
}

/**
 * The key of a request that carries one; null for a request without (each is a new fax). Faxing
 * needs a chosen account (faxGate), whose key it is.
 */
export function faxRequestKeyOf(accountId: number | null, request: FaxRequest): FaxRequestKey | null {
  const { requestKey, ...asked } = request;
  if (!requestKey || accountId === null) return null;
  const hash = createHash('sha256').update(JSON.stringify(asked)).digest('base64url');
  return { accountId, key: requestKey, hash };
}

/** Rows older than this are forgotten: the key may be used again. */
const expiry = () => new Date(Date.now() - LIMITS.faxRequestKeyHours * 3_600_000);

const ofKey = (k: FaxRequestKey) =>
  and(eq(faxRequests.accountId, k.accountId), eq(faxRequests.requestKey, k.key));

/**
 * What the first request of this key (from this account, within LIMITS.faxRequestKeyHours)
 * answered, or null when there was none. The same key with a different request answers 409 and
 * faxes nothing: a key names one send.
 */
export async function firstFaxAnswer(db: Db, k: FaxRequestKey): Promise<FaxResult | null> {
  const [row] = await db
    .select({ hash: faxRequests.requestHash, answer: faxRequests.answer })
    .from(faxRequests)
    .where(and(ofKey(k), gt(faxRequests.createdAt, expiry())));
  if (!row) return null;
  if (row.hash !== k.hash) throw conflict(message('fax.requestKeyReused'), 'fax_request_key_reused');
  return FaxResultSchema.parse(row.answer);
}

/** Another request of the same key was sent first (its transaction committed while this one waited). */
export class FaxRequestKeyTaken extends Error {
  constructor() {
    super('The fax request key was taken by a request sent at the same time');
  }
}

/**
 * Keeps `answer` as the key's first answer, inside the transaction that queues the faxes, so the
 * key exists exactly when its faxes do. A request of the same key in flight at the same moment
 * waits here for the first one's transaction; when that committed, this throws FaxRequestKeyTaken
 * (the caller rolls back and answers {@link firstFaxAnswer}). The account's expired keys go first.
 */
export async function keepFaxAnswer(tx: Tx, k: FaxRequestKey, answer: FaxResult): Promise<void> {
  await tx
    .delete(faxRequests)
    .where(and(eq(faxRequests.accountId, k.accountId), lte(faxRequests.createdAt, expiry())));
  const kept = await tx
    .insert(faxRequests)
    .values({ accountId: k.accountId, requestKey: k.key, requestHash: k.hash, answer })
    .onConflictDoNothing()
    .returning({ one: sql<number>`1` });
  if (kept.length === 0) throw new FaxRequestKeyTaken();
}
