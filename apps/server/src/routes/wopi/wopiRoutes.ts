import { ENDPOINTS, MAX_DOCUMENT_IMPORT_BYTES, WOPI_HEADERS } from '@quill/core';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { serve } from '../../http/serve.js';
import {
  coolTimestamp,
  maxExpectedSize,
  requireWopiToken,
  unsupportedOverride,
  wopiCallerOf,
  wopiLock,
  wopiOverride,
} from '../../http/wopi/wopiCaller.js';
import { registerWopiErrors } from '../../http/wopi/wopiErrors.js';
import { checkFileInfo } from '../../services/wopi/checkFileInfo.js';
import { getFile } from '../../services/wopi/getFile.js';
import { getLock } from '../../services/wopi/getLock.js';
import { lockFile } from '../../services/wopi/lockFile.js';
import { putFile } from '../../services/wopi/putFile.js';
import { refreshLock } from '../../services/wopi/refreshLock.js';
import { unlockAndRelock } from '../../services/wopi/unlockAndRelock.js';
import { unlockFile } from '../../services/wopi/unlockFile.js';

const { wopi: w } = ENDPOINTS;
const { lock: LOCK, oldLock: OLD_LOCK, itemVersion: ITEM_VERSION } = WOPI_HEADERS;

/** The lock operation X-WOPI-Override names (LOCK with X-WOPI-OldLock: UnlockAndRelock); 501 for others. */
async function lockOperation(ctx: AppContext, req: FastifyRequest<{ Params: { fileId: string } }>) {
  const caller = wopiCallerOf(req);
  const { fileId } = req.params;
  const override = wopiOverride(req);
  switch (override) {
    case 'LOCK':
      if (req.headers[OLD_LOCK] === undefined)
        return lockFile(ctx, caller, fileId, wopiLock(req, LOCK, true), req.ip);
      return unlockAndRelock(
        ctx,
        caller,
        fileId,
        { oldLock: wopiLock(req, OLD_LOCK, true), lock: wopiLock(req, LOCK, true) },
        req.ip,
      );
    case 'GET_LOCK':
      return getLock(ctx, caller, fileId);
    case 'REFRESH_LOCK':
      return refreshLock(ctx, caller, fileId, wopiLock(req, LOCK, true), req.ip);
    case 'UNLOCK':
      return unlockFile(ctx, caller, fileId, wopiLock(req, LOCK, true), req.ip);
    default:
      return unsupportedOverride(override);
  }
}

/**
 * Quill's WOPI host (issue 22; the public WOPI REST specification): CheckFileInfo, GetFile, the
 * lock operations by X-WOPI-Override and PutFile, each authenticated by its access_token. In this
 * plugin every body is taken as bytes (PutFile's document, at most the intake's size: 413 beyond)
 * and refusals carry the WOPI headers (http/wopi/wopiErrors.ts).
 */
export const wopiRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    registerWopiErrors(app);
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    const token = { preHandler: requireWopiToken(ctx) };

    serve(app, w.checkFileInfo, token, async (req) =>
      checkFileInfo(ctx, wopiCallerOf(req), req.params.fileId),
    );

    // A HEAD would audit a read that never happened.
    serve(app, w.getFile, { ...token, exposeHeadRoute: false }, async (req, reply) => {
      const file = await getFile(ctx, wopiCallerOf(req), req.params.fileId, maxExpectedSize(req), req.ip);
      file.body.on('error', (err) => req.log.error({ err: { message: err.message } }, 'GetFile broke off'));
      return reply
        .type('application/octet-stream')
        .header('Content-Length', file.size)
        .header(ITEM_VERSION, file.itemVersion)
        .send(file.body);
    });

    serve(app, w.fileOperation, token, async (req, reply) => {
      const done = await lockOperation(ctx, req);
      reply.header(ITEM_VERSION, done.itemVersion);
      if ('lock' in done) reply.header(LOCK, done.lock);
      return {};
    });

    serve(app, w.putFile, { ...token, bodyLimit: MAX_DOCUMENT_IMPORT_BYTES }, async (req, reply) => {
      const override = wopiOverride(req);
      if (override !== 'PUT') unsupportedOverride(override);
      const body = req.body as unknown;
      const saved = await putFile(
        ctx,
        wopiCallerOf(req),
        req.params.fileId,
        {
          lock: wopiLock(req, LOCK, false),
          bytes: Buffer.isBuffer(body) ? body : Buffer.alloc(0),
          timestamp: coolTimestamp(req),
        },
        req.ip,
      );
      reply.header(ITEM_VERSION, saved.itemVersion);
      return { LastModifiedTime: saved.LastModifiedTime };
    });
  };
