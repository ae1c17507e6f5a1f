import { ENDPOINTS, routePattern, WOPI_PREFIX } from '@quill/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { DomainError } from '../errors/domainErrors.js';
import { recordAudit } from '../services/audit/recordAudit.js';

const keyOf = (method: string, pattern: string) => `${method} ${pattern.toLowerCase()}`;

/** The endpoint table's name of every served route (`jobEditor.availability`), by method and pattern. */
function endpointNames(): Map<string, string> {
  const names = new Map<string, string>();
  for (const [area, entries] of Object.entries(ENDPOINTS)) {
    for (const [name, e] of Object.entries(entries)) {
      // Another spelling of a served path names the served entry.
      if (!('spellingOf' in e)) names.set(keyOf(e.method, routePattern(e.path)), `${area}.${name}`);
    }
  }
  return names;
}

const positive = (v: unknown): number | undefined => {
  const n = typeof v === 'string' && /^\d{1,15}$/.test(v) ? Number(v) : v;
  return typeof n === 'number' && Number.isSafeInteger(n) && n > 0 ? n : undefined;
};

/**
 * The job a refused call named: query, path or body `jobId`, the path's `{id}` of a job call, or
 * the WOPI host's `{fileId}` (a job's document).
 */
function requestedJob(req: FastifyRequest): number | undefined {
  const pick = (o: unknown, key: string) =>
    o && typeof o === 'object' ? positive((o as Record<string, unknown>)[key]) : undefined;
  const route = req.routeOptions.url?.toLowerCase() ?? '';
  return (
    pick(req.query, 'jobId') ??
    pick(req.params, 'jobId') ??
    pick(req.body, 'jobId') ??
    (route.includes('jobid/') ? pick(req.params, 'id') : undefined) ??
    (route.startsWith(WOPI_PREFIX) ? pick(req.params, 'fileId') : undefined)
  );
}

/**
 * Audits every refused call of a signed-in caller or WOPI client (ARCHITECTURE §5, issue 23): a 403 (no
 * permission) as `denied`, a 404 (missing, or another tenant's record) as `notFound`, named by the
 * call's endpoint and, where known, the job, its structure and its patient (the job access
 * checks attach them). Written before the answer leaves; a service that audited its own refusal
 * marks the error so the row is not written twice.
 */
export function registerRefusalAudit(app: FastifyInstance, ctx: AppContext) {
  const names = endpointNames();
  app.addHook('onError', async (req, _reply, err) => {
    // The session's caller, or the WOPI client's (its access token stands for a session).
    const auth = req.auth ?? req.wopiCaller?.auth;
    if (!(err instanceof DomainError) || err.audited || !auth) return;
    if (err.kind !== 'forbidden' && err.kind !== 'notFound') return;
    const route = keyOf(req.method, req.routeOptions.url ?? '');
    try {
      await recordAudit(ctx, {
        action: names.get(route) ?? route,
        outcome: err.kind === 'forbidden' ? 'denied' : 'notFound',
        userId: auth.userId,
        accountId: auth.accountId,
        corporateStructureId: err.subject?.corporateStructureId ?? null,
        jobId: err.subject?.jobId ?? requestedJob(req) ?? null,
        patientId: err.subject?.patientId ?? null,
        ip: req.ip,
        detail: { code: err.code ?? err.kind },
      });
    } catch (failure) {
      req.log.warn({ code: (failure as { code?: string }).code }, 'refusal audit row not written');
    }
  });
}
