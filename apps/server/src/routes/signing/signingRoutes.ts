import { ENDPOINTS, message, safeReturnPath } from '@quill/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { leaveForProvider, oidcRedirectUri } from '../../http/oidcFlowCookie.js';
import { serve } from '../../http/serve.js';
import { authOf, requirePermission } from '../../http/session.js';
import { beginSigningReauth } from '../../services/signing/beginSigningReauth.js';
import { countToSign } from '../../services/signing/countToSign.js';
import { getToSignQueue } from '../../services/signing/getToSignQueue.js';
import { listSignatures } from '../../services/signing/listSignatures.js';
import { returnForCorrection } from '../../services/signing/returnForCorrection.js';
import { signJobs } from '../../services/signing/signJobs.js';

/**
 * Signing (issue 43): the To sign queue and its count, signing with the password asked again (or a
 * fresh OIDC authentication, started here), returning a job for correction, and a job's signatures. Each needs jobView (a signer reads the
 * jobs it signs); whose signature a job awaits is the service's to decide (the account's physician).
 */
export const signingRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const e = ENDPOINTS.signing;
    const view = { preHandler: requirePermission('jobView', message('job.noViewPermission')) };
    // Before the body is validated: without jobView the answer is 403 whatever was sent.
    const write = { preValidation: requirePermission('jobView', message('job.noViewPermission')) };

    serve(app, e.queue, view, async (req) => getToSignQueue(ctx, authOf(req), req.ip));
    serve(app, e.count, view, async (req) => countToSign(ctx, authOf(req)));
    serve(app, e.sign, write, async (req) => signJobs(ctx, authOf(req), req.body, req.ip));
    serve(app, e.reauthenticate, view, async (req, reply) => {
      const returnUrl = safeReturnPath(req.query.returnUrl);
      const { url, flow } = await beginSigningReauth(ctx, authOf(req), oidcRedirectUri(ctx, req), returnUrl);
      return leaveForProvider(req, reply, url, flow);
    });
    serve(app, e.returnForCorrection, write, async (req) =>
      returnForCorrection(ctx, authOf(req), req.body, req.ip),
    );
    serve(app, e.signatures, view, async (req) => listSignatures(ctx, authOf(req), req.query.jobId, req.ip));
  };
