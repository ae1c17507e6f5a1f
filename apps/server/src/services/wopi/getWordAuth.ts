import { ENDPOINTS, message, urlOf, type WordAuth } from '@quill/core';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { bookings } from '../../db/schema/index.js';
import { invalid } from '../../errors/domainErrors.js';
import { auditJob } from '../audit/auditJob.js';
import type { Auth } from '../auth/auth.js';
import { currentDocument } from '../jobEditor/currentDocument.js';
import { requireJob } from '../tenantScope/requireJob.js';
import { issueWopiToken } from './issueWopiToken.js';
import { actionUrl } from './parseDiscovery.js';
import { discoverDocxActions } from './wopiDiscovery.js';
import { fileIdOf } from './wordFile.js';

const trimmed = (url: string) => url.replace(/\/+$/, '');

/**
 * The frame's editing and viewing addresses of a file: with WOPI_DISCOVERY_URL the WOPI client's
 * `edit` and `view` actions for .docx with WOPISrc (WOPI_HOST_URL, else PUBLIC_URL, else the
 * browser's origin); without it Quill's own client page, on the browser's origin.
 */
async function wordAddresses(ctx: AppContext, fileId: string, browserOrigin: string) {
  const ownOrigin = trimmed(ctx.config.PUBLIC_URL ?? browserOrigin);
  const discovery = ctx.config.WOPI_DISCOVERY_URL;
  if (discovery) {
    const hostOrigin = trimmed(ctx.config.WOPI_HOST_URL ?? ownOrigin);
    const wopiSrc = `${hostOrigin}${urlOf(ENDPOINTS.wopi.checkFileInfo, { fileId })}`;
    const actions = await discoverDocxActions(discovery);
    return {
      edit: actions.edit ? actionUrl(actions.edit, wopiSrc) : null,
      view: actionUrl(actions.view, wopiSrc),
    };
  }
  const wopiSrc = `${ownOrigin}${urlOf(ENDPOINTS.wopi.checkFileInfo, { fileId })}`;
  const page = (mode: 'edit' | 'view') =>
    `${ownOrigin}${urlOf(ENDPOINTS.wordClient.open, null, { mode, WOPISrc: wopiSrc })}`;
  return { edit: page('edit'), view: page('view') };
}

/**
 * GET /api/jobs/getwordauth (spec 01 §7, spec 02 §6–§7): a WOPI access token for the job's Word
 * document and the frame's addresses. The editing address only with the edit-text permission and
 * a live booking of this account (the token then may Lock and PutFile) unless `mode=view` asks
 * for viewing only, else the viewing address alone. 404 for another tenant's job, 400 when its document is not Word, 503 when the WOPI client
 * cannot be reached. Audited.
 */
export async function getWordAuth(
  ctx: AppContext,
  auth: Auth,
  query: { jobId: number; mode?: 'view' | 'edit' | undefined },
  browserOrigin: string,
  ip: string | null,
): Promise<WordAuth> {
  const { jobId } = query;
  const job = await requireJob(ctx, auth.scope, jobId);
  const doc = await currentDocument(ctx.database.db, jobId);
  if (doc?.format !== 'DOCX') throw invalid(message('wopi.notWord', { jobId }));
  const [booked] = await ctx.database.db
    .select({ jobId: bookings.jobId })
    .from(bookings)
    .where(
      and(
        eq(bookings.jobId, jobId),
        eq(bookings.accountId, auth.accountId!),
        gt(bookings.expiresAt, sql`now()`),
      ),
    );
  const addresses = await wordAddresses(ctx, fileIdOf(jobId), browserOrigin);
  const canWrite =
    query.mode !== 'view' &&
    auth.permissions.has('jobEditText') &&
    Boolean(booked) &&
    addresses.edit !== null;
  const issued = await issueWopiToken(ctx, auth, {
    jobId,
    canWrite,
    version: job.version,
    hostOrigin: new URL(ctx.config.PUBLIC_URL ?? browserOrigin).origin,
  });
  await auditJob(ctx, auth, job, 'job.word.auth', ip, { canWrite });
  return {
    accessToken: issued.token,
    accessTokenTtl: issued.expiresAt.getTime(),
    editUrl: canWrite ? addresses.edit : null,
    viewUrl: addresses.view,
    version: job.version,
  };
}
