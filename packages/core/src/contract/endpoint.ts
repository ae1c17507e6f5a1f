import type { z } from 'zod';

/** Every API path starts here; the server's API-only plugins (no-store, session) key on it. */
export const API_PREFIX = '/api/';

/**
 * The attachments service's paths (spec 02 §7 `{host}/Attachments/v1/…`, lower-cased): calls of
 * Quill outside /api/ that authenticate with their own basic credential, not the session cookie.
 */
export const ATTACHMENTS_PREFIX = '/attachments/';

/**
 * Quill's embedded WOPI client (issue 22): the page a Word job's frame loads when no external WOPI
 * client is configured. A page, not a call: its route sets its own headers (no-store).
 */
export const WORD_CLIENT_PREFIX = '/wopi-client/';

/**
 * The WOPI host's paths (`/wopi/files/{fileId}…`, issue 22): calls of WOPI clients (Collabora
 * Online, ONLYOFFICE, Office Online Server, Quill's own client page) outside /api/ that
 * authenticate with the `access_token` of their query, not the session cookie.
 */
export const WOPI_PREFIX = '/wopi/';

/**
 * The FHIR R4 API's paths (`/fhir/R4/…`, issue 44): a standard API of its own, outside the endpoint
 * table (FHIR defines its paths, answers and errors), authorised by a SMART bearer token or the
 * session cookie (reads only).
 */
export const FHIR_PREFIX = '/fhir/';

/**
 * Whether a request URL is a call of Quill rather than a page of the web app: /api/…, FHIR, the
 * attachments service or the WOPI host, in any letter case. Such answers are never cached and an
 * unknown one is a JSON 404, not the app's page.
 */
export function isCallPath(url: string): boolean {
  const path = url.toLowerCase();
  return path.startsWith(API_PREFIX) || path.startsWith(FHIR_PREFIX) || isOwnCredentialPath(path);
}

/**
 * Whether a request URL is a call that brings its own credential (the attachments service's basic
 * credential, the WOPI host's access token) instead of the session cookie: such calls carry no
 * ambient authority, so they neither get nor need the CSRF cookie.
 */
export function isOwnCredentialPath(url: string): boolean {
  const path = url.toLowerCase();
  return path.startsWith(ATTACHMENTS_PREFIX) || path.startsWith(WOPI_PREFIX);
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * One API call (ARCHITECTURE §5): its method, its path as the spec writes it (`{name}` for a path
 * parameter, matched case-insensitively) and the zod schemas of what goes in and comes out. The
 * server registers its route from it; the web client builds its request and checks the answer with
 * it. An endpoint whose answer is not JSON (a file, a stream, a page, a redirect) names the media
 * types it `produces` instead of an `answer`; one that takes a form upload `consumes` multipart.
 */
export interface Endpoint {
  readonly method: HttpMethod;
  readonly path: string;
  /** OpenAPI tags: the area the call belongs to. */
  readonly tags: readonly string[];
  /** One line for the OpenAPI document where the path alone does not say what the call does. */
  readonly summary?: string;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /** The form fields of a multipart upload besides its file (the route parses them with this). */
  readonly fields?: z.ZodType;
  /** The JSON answer on success. */
  readonly answer?: z.ZodType;
  /** The success status when it is not 200 (201 for a created job). */
  readonly status?: 200 | 201;
  /** Media types of a non-JSON answer (documents, audio, a zip, a page, a redirect). */
  readonly produces?: readonly string[];
  /** A multipart upload, an HTML form's post, or a file's bytes as they are (WOPI PutFile). */
  readonly consumes?:
    | 'multipart/form-data'
    | 'application/x-www-form-urlencoded'
    | 'application/octet-stream';
  /**
   * The served path of which this entry is another spelling the spec also writes (paths match
   * case-insensitively, so the server registers the served one only and answers both).
   */
  readonly spellingOf?: string;
  /** Left out of the OpenAPI document (the document itself, browser-only pages). */
  readonly hidden?: boolean;
}

/** Declares an endpoint, keeping its literal path and exact schema types. */
export const endpoint = <const E extends Endpoint>(e: E): E => e;

/** What a schema accepts (the web sends this) — `undefined` when the endpoint has none. */
export type InputOf<S> = S extends z.ZodType ? z.input<S> : undefined;
/** What a schema yields after parsing (the server's handler and the web's answer receive this). */
export type OutputOf<S> = S extends z.ZodType ? z.output<S> : undefined;

/** The JSON answer of an endpoint (`unknown` for a non-JSON one). */
export type AnswerOf<E extends Endpoint> = E['answer'] extends z.ZodType ? z.output<E['answer']> : unknown;

/** A query string value: one value, or several sent as repeated keys. */
export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];

/** Fastify's form of a spec path: `/api/x/{id}` → `/api/x/:id`. */
export const routePattern = (path: string): string => path.replace(/\{(\w+)\}/g, ':$1');

/**
 * The URL of a call: the path with each `{name}` replaced by its encoded value, then the query
 * (undefined and null values left out, arrays as repeated keys). Throws when a parameter is
 * missing, so a wrong call fails where it is made and never reaches the server.
 */
export function urlOf(
  e: Pick<Endpoint, 'path'>,
  params?: Readonly<Record<string, string | number>> | null,
  query?: Readonly<Record<string, QueryValue>> | null,
): string {
  const path = e.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${e.path}: the path parameter ${name} is missing`);
    return encodeURIComponent(String(value));
  });
  if (!query) return path;
  const pairs: string[] = [];
  const add = (key: string, value: string | number | boolean) =>
    pairs.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const one of value) add(key, one);
    else add(key, value as string | number | boolean);
  }
  const qs = pairs.join('&');
  return qs ? `${path}?${qs}` : path;
}
