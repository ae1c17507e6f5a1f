import { createHash } from 'node:crypto';
import type { Permission } from '@quill/core';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { accounts, documentVersions, jobs, signatures, signingDelegates } from '../db/schema/index.js';
import { replaceableWhole } from './documents/cdaFixtures.js';
import { buildUser } from './factories.js';
import { TestBrowser } from './processes/browser.js';

type Ctx = Pick<AppContext, 'database' | 'blobs'>;
let signers = 0;

/**
 * A signer (issue 43): a user of the structure whose account links to `physicianId` (the dictator
 * signing in as their physician record), signed in; optionally a signing delegate of others.
 */
export async function addSigner(
  ctx: Ctx,
  app: FastifyInstance,
  opts: {
    companyId: number;
    physicianId: number | null;
    delegateOf?: number[];
    permissions?: readonly Permission[];
  },
) {
  const made = await buildUser(ctx, {
    username: `signer-${++signers}-${Math.random().toString(36).slice(2, 7)}`,
    accounts: [{ companyId: opts.companyId, ...(opts.permissions ? { permissions: opts.permissions } : {}) }],
  });
  const account = made.accounts[0]!;
  await ctx.database.db
    .update(accounts)
    .set({ physicianId: opts.physicianId })
    .where(eq(accounts.id, account.id));
  for (const physicianId of opts.delegateOf ?? [])
    await ctx.database.db.insert(signingDelegates).values({ accountId: account.id, physicianId });
  const browser = new TestBrowser(app);
  await browser.signInAs(made.user.username, made.password, account.id);
  return { ...made, account, browser };
}

/** The job's signatures, oldest first. */
export function signaturesOf(ctx: Pick<AppContext, 'database'>, jobId: number) {
  return ctx.database.db
    .select()
    .from(signatures)
    .where(eq(signatures.jobId, jobId))
    .orderBy(asc(signatures.id));
}

/** The hex SHA-256 of a document version's bytes as stored now. */
export async function documentHash(ctx: Ctx, documentVersionId: number): Promise<string> {
  const [doc] = await ctx.database.db
    .select()
    .from(documentVersions)
    .where(eq(documentVersions.id, documentVersionId));
  return createHash('sha256')
    .update(await ctx.blobs.get(doc!.blobKey))
    .digest('hex');
}

/**
 * What became of a job's signature after a write (issue 43 "a signed version is immutable"):
 * 'intact' — every live signature still covers the same bytes, and the job is not waiting to be
 * signed again; 'voided' — no live signature, and the job waits in ES (or is booked out, returning
 * there) with force re-sign and its reason. Anything else is answered as 'broken'.
 */
export async function signatureState(ctx: Ctx, jobId: number): Promise<'intact' | 'voided' | 'broken'> {
  const live = await ctx.database.db
    .select()
    .from(signatures)
    .where(and(eq(signatures.jobId, jobId), isNull(signatures.voidedAt)));
  const [job] = await ctx.database.db.select().from(jobs).where(eq(jobs.id, jobId));
  if (live.length > 0) {
    for (const s of live)
      if ((await documentHash(ctx, s.documentVersionId)) !== s.documentSha256) return 'broken';
    return job!.forceResign ? 'broken' : 'intact';
  }
  return job!.forceResign && job!.resignReason ? 'voided' : 'broken';
}

/** Books the job out as `browser`'s account; answers the booking cookie (fails the test otherwise). */
export async function bookOut(browser: TestBrowser, jobId: number): Promise<string> {
  const res = await browser.post('/api/job/bookoutjob', { jobId });
  if (res.statusCode !== 200) throw new Error(`book-out failed: ${res.statusCode} ${res.body}`);
  return res.json().bookingCookie as string;
}

/** A saveCDA/savejob `cda` edit that replaces the job's first whole-text section with `text`. */
export async function narrativeEdit(browser: TestBrowser, jobId: number, text: string) {
  const { model } = (await browser.get(`/api/job/getcda?jobId=${jobId}`)).json();
  const key = model.sections.find(replaceableWhole).key as string;
  return { sections: [{ key, blocks: [{ kind: 'paragraph', runs: [{ text }] }] }] };
}
