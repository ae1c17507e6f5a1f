import { message } from '@quill/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { unauthenticated } from '../errors/domainErrors.js';
import { resolveAttachmentCredential } from '../services/attachments/resolveAttachmentCredential.js';
import type { Auth } from '../services/auth/auth.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Who calls the attachments service, by its basic credential (never the session cookie). */
    attachmentCaller: Auth | null;
  }
}

const credentialMissing = () =>
  unauthenticated(message('attachments.credentialMissing'), 'attachment_credential_missing');

/** The `user:secret` of an `Authorization: Basic …` header, or null when there is none. */
export function basicCredential(header: string | undefined): string | null {
  const m = /^Basic\s+([A-Za-z0-9+/=]{1,400})\s*$/i.exec(header ?? '');
  if (!m?.[1]) return null;
  const text = Buffer.from(m[1], 'base64').toString('utf8');
  return text.includes(':') ? text : null;
}

export function registerAttachmentCaller(app: FastifyInstance) {
  app.decorateRequest('attachmentCaller', null);
}

/**
 * preHandler of the attachments service's calls (spec 02 §7 "basic authorization and
 * credentials"): the caller is the session and account the credential was issued to. No
 * `WWW-Authenticate` challenge goes with the 401, so a browser never pops up its own sign-in box.
 */
export function requireAttachmentCredential(ctx: AppContext) {
  return async (req: FastifyRequest) => {
    const credential = basicCredential(req.headers.authorization);
    if (!credential) throw credentialMissing();
    req.attachmentCaller = await resolveAttachmentCredential(ctx, credential);
  };
}

/** The attachments caller after {@link requireAttachmentCredential} has run. */
export function attachmentCallerOf(req: FastifyRequest): Auth {
  if (!req.attachmentCaller) throw credentialMissing();
  return req.attachmentCaller;
}
