import { type AnswerOf, type Endpoint, type OutputOf, routePattern } from '@quill/core';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  preHandlerAsyncHookHandler,
  preValidationAsyncHookHandler,
  RouteHandlerMethod,
} from 'fastify';

/** The request of an endpoint's route: its params, query and body as its schemas parse them. */
export type EndpointRequest<E extends Endpoint> = FastifyRequest<{
  Params: OutputOf<E['params']>;
  Querystring: OutputOf<E['query']>;
  Body: OutputOf<E['body']>;
}>;

/** Answers the endpoint's JSON answer, or the reply it has sent (a file, a stream, a redirect). */
export type EndpointHandler<E extends Endpoint> = (
  req: EndpointRequest<E>,
  reply: FastifyReply,
) => Promise<AnswerOf<E> | FastifyReply>;

/** What a route adds to its endpoint: who may call it and its HTTP limits. */
export interface RouteExtras {
  /** Sign-in and permission checks (http/session.ts), run after validation. */
  preHandler?: preHandlerAsyncHookHandler | preHandlerAsyncHookHandler[];
  /** A check that must answer before the body is validated (a 403 whatever was sent). */
  preValidation?: preValidationAsyncHookHandler;
  /** Largest body in bytes, when not the app's default. */
  bodyLimit?: number;
  /** False for a GET whose HEAD would do the work (render, audit) for nothing. */
  exposeHeadRoute?: boolean;
}

function schemaOf(e: Endpoint): FastifySchema {
  const schema: FastifySchema & Record<string, unknown> = { tags: [...e.tags] };
  if (e.summary) schema.summary = e.summary;
  if (e.hidden) schema.hide = true;
  if (e.params) schema.params = e.params;
  if (e.query) schema.querystring = e.query;
  if (e.body) schema.body = e.body;
  if (e.answer) schema.response = { [e.status ?? 200]: e.answer };
  if (e.produces) schema.produces = [...e.produces];
  if (e.consumes) schema.consumes = [e.consumes];
  return schema;
}

/**
 * Registers the route of an endpoint of the table (`@quill/core` contract/endpoints): method, path
 * and schemas come from the table, so the server, the web client and the OpenAPI document cannot
 * disagree; the route module adds only its checks and the service call.
 */
export function serve<E extends Endpoint>(
  // biome-ignore lint/suspicious/noExplicitAny: any type provider (the routes use zod's)
  app: FastifyInstance<any, any, any, any, any>,
  e: E,
  extras: RouteExtras,
  handler: EndpointHandler<E>,
): void {
  app.route({
    method: e.method,
    url: routePattern(e.path),
    schema: schemaOf(e),
    ...extras,
    handler: handler as unknown as RouteHandlerMethod,
  });
}
