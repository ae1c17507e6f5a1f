import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import type { Config } from '../config.js';

/**
 * Paths that may carry patient data and are never logged. Request bodies are not logged at all;
 * these catch objects a handler might pass to the logger by mistake.
 */
export const REDACTED_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-xsrf-token"]',
  'res.headers["set-cookie"]',
  'body',
  'password',
  '*.password',
  '*.patientName',
  '*.firstName',
  '*.lastName',
  '*.middleName',
  '*.dateOfBirth',
  '*.mrn',
  '*.patientMRN',
  '*.ssn',
  '*.adt',
  '*.note',
  '*.jobNote',
  '*.faxNumber',
];

/** Strips the query string: queries such as ?q= can hold a patient's name. */
export function pathOnly(url: string): string {
  const i = url.indexOf('?');
  return i === -1 ? url : `${url.slice(0, i)}?…`;
}

/** The one pino logger (Fastify's and the worker's), with redaction and query-free request lines. */
export function createLogger(
  config: Pick<Config, 'LOG_LEVEL'>,
  destination?: NodeJS.WritableStream,
): FastifyBaseLogger {
  const options: pino.LoggerOptions = {
    level: config.LOG_LEVEL,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: {
      req: (req: { method: string; url: string; id: string }) => ({
        id: req.id,
        method: req.method,
        url: pathOnly(req.url),
      }),
    },
  };
  return (
    destination ? pino(options, destination as pino.DestinationStream) : pino(options)
  ) as FastifyBaseLogger;
}
