import { COOL_STATUS_DOC_CHANGED, ERROR_CODES, WOPI_HEADERS } from '@quill/core';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isDomainError } from '../../errors/domainErrors.js';
import { WopiLockConflict } from '../../services/wopi/wopiLock.js';
import { replyWithError } from '../errorHandler.js';

/** Conflicts a WOPI client should read as "the document changed in storage" (Collabora: reload it). */
const DOCUMENT_CHANGED = new Set(['stale_version', 'wopi_document_changed']);

/**
 * The WOPI host's answers to refusals (public WOPI REST specification): a lock conflict is 409
 * with the current lock in X-WOPI-Lock (the empty string when unlocked), the reason in
 * X-WOPI-LockFailureReason and, for another account's booking, X-WOPI-LockedByOtherInterface; a
 * stale PutFile is 409 with Collabora Online's COOLStatusCode 1010 beside the error shape.
 * Everything else is answered as any call's error.
 */
export function registerWopiErrors(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, req: FastifyRequest, reply: FastifyReply) => {
    if (err instanceof WopiLockConflict) {
      reply.header(WOPI_HEADERS.lock, err.currentLock);
      reply.header(WOPI_HEADERS.lockFailureReason, err.message);
      if (err.lockedByOther) reply.header(WOPI_HEADERS.lockedByOtherInterface, 'true');
    } else if (isDomainError(err, 'conflict') && DOCUMENT_CHANGED.has(err.code ?? '')) {
      req.log.info({ status: 409, code: err.code }, 'request refused');
      return reply
        .code(409)
        .type('application/json; charset=utf-8')
        .send({
          error: { code: err.code ?? ERROR_CODES[409], message: err.message },
          COOLStatusCode: COOL_STATUS_DOC_CHANGED,
          LOOLStatusCode: COOL_STATUS_DOC_CHANGED,
        });
    }
    return replyWithError(err, req, reply);
  });
}
