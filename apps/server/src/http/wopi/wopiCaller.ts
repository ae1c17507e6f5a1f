import { message, WOPI_HEADERS, WOPI_LOCK_MAX_LENGTH } from '@quill/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { invalid, notImplemented, unauthenticated } from '../../errors/domainErrors.js';
import { resolveWopiToken, type WopiCaller } from '../../services/wopi/resolveWopiToken.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Who makes a WOPI call, by its access_token (never the session cookie). */
    wopiCaller: WopiCaller | null;
  }
}

export function registerWopiCaller(app: FastifyInstance) {
  app.decorateRequest('wopiCaller', null);
}

/** preHandler of the WOPI host's calls: the caller is the account and session of the access_token. */
export function requireWopiToken(ctx: AppContext) {
  return async (req: FastifyRequest) => {
    req.wopiCaller = await resolveWopiToken(ctx, (req.query as { access_token?: string }).access_token);
  };
}

/** The WOPI caller after {@link requireWopiToken} has run. */
export function wopiCallerOf(req: FastifyRequest): WopiCaller {
  if (!req.wopiCaller) throw unauthenticated(message('wopi.tokenMissing'), 'wopi_token_missing');
  return req.wopiCaller;
}

const header = (req: FastifyRequest, name: string): string | undefined => {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/** The X-WOPI-Override of a call (upper case); 400 without one. */
export function wopiOverride(req: FastifyRequest): string {
  const value = header(req, WOPI_HEADERS.override)?.trim().toUpperCase();
  if (!value) throw invalid(message('wopi.overrideRequired'));
  return value;
}

/** 501 for an override this host does not implement (PutRelativeFile, RenameFile, PutUserInfo …). */
export function unsupportedOverride(override: string): never {
  throw notImplemented(message('wopi.overrideUnsupported', { override: override.slice(0, 40) }));
}

/**
 * A lock header (X-WOPI-Lock, X-WOPI-OldLock): at most 1024 characters (400 beyond). Required: 400
 * when absent or empty; otherwise an absent lock reads as '' (PutFile of a client that holds none).
 */
export function wopiLock(req: FastifyRequest, name: string, required: boolean): string {
  const value = header(req, name) ?? '';
  if (value.length > WOPI_LOCK_MAX_LENGTH)
    throw invalid(message('wopi.lockTooLong', { max: WOPI_LOCK_MAX_LENGTH }));
  if (required && value === '') throw invalid(message('wopi.lockRequired'));
  return value;
}

/** X-WOPI-MaxExpectedSize of GetFile (null when absent; 400 when not a whole number). */
export function maxExpectedSize(req: FastifyRequest): number | null {
  const value = header(req, WOPI_HEADERS.maxExpectedSize);
  if (value === undefined || value === '') return null;
  if (!/^\d{1,15}$/.test(value.trim())) throw invalid(message('wopi.maxExpectedSize'));
  return Number(value.trim());
}

/** Collabora Online's X-COOL-WOPI-Timestamp (or the older X-LOOL-…) of PutFile, when sent. */
export function coolTimestamp(req: FastifyRequest): string | null {
  const value = header(req, WOPI_HEADERS.coolTimestamp) ?? header(req, WOPI_HEADERS.loolTimestamp);
  return value ? value.slice(0, 64) : null;
}
