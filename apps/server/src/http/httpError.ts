import { ERROR_CODES } from '@quill/core';

type Status = keyof typeof ERROR_CODES;

/** An error that answers with its status and message in the error shape of ARCHITECTURE §5. */
export class HttpError extends Error {
  readonly code: string;

  constructor(
    readonly statusCode: Status,
    message: string,
    code?: string,
  ) {
    super(message);
    this.name = 'HttpError';
    this.code = code ?? ERROR_CODES[statusCode];
  }
}

export const badRequest = (message: string, code?: string) => new HttpError(400, message, code);
export const unauthenticated = (message: string) => new HttpError(401, message);
export const forbidden = (message: string) => new HttpError(403, message);
export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string, code?: string) => new HttpError(409, message, code);
export const unprocessable = (message: string) => new HttpError(422, message);
export const unavailable = (message: string) => new HttpError(503, message);
