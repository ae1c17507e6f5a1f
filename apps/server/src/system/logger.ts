import { Writable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import type { Config } from '../config.js';
import { serializeError } from './safeError.js';

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

const LEVEL_NAMES: Record<number, string> = {
  10: 'trace',
  20: 'debug',
  30: 'info',
  40: 'warn',
  50: 'error',
  60: 'fatal',
};
const ENVELOPE = new Set(['level', 'time', 'pid', 'hostname', 'msg']);

/**
 * One pino JSON line as a person reads it: `12:04:31 info  Demo data seeded in 21.8 s`, with any
 * other fields after it. Redaction has already happened: pino serialises before this sees it.
 */
export function textLine(json: string): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json;
  }
  const time = new Date(Number(entry.time)).toISOString().slice(11, 19);
  const level = (LEVEL_NAMES[Number(entry.level)] ?? String(entry.level)).padEnd(5);
  const extra = Object.entries(entry).filter(([k]) => !ENVELOPE.has(k));
  const rest = extra.length ? ` ${JSON.stringify(Object.fromEntries(extra))}` : '';
  return `${time} ${level} ${String(entry.msg ?? '')}${rest}`;
}

function textStream(out: NodeJS.WritableStream): NodeJS.WritableStream {
  return new Writable({
    write(chunk, _enc, done) {
      const lines = String(chunk).split('\n').filter(Boolean);
      out.write(`${lines.map(textLine).join('\n')}\n`);
      done();
    },
  });
}

/** The one pino logger (Fastify's and the worker's), with redaction and query-free request lines. */
export function createLogger(
  config: Pick<Config, 'LOG_LEVEL'> & Partial<Pick<Config, 'LOG_FORMAT'>>,
  destination?: NodeJS.WritableStream,
): FastifyBaseLogger {
  const options: pino.LoggerOptions = {
    level: config.LOG_LEVEL,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: {
      // A failed query: its statement and error code, never its parameters (system/safeError.ts).
      err: serializeError,
      req: (req: { method: string; url: string; id: string }) => ({
        id: req.id,
        method: req.method,
        url: pathOnly(req.url),
      }),
    },
  };
  const target = config.LOG_FORMAT === 'text' ? textStream(destination ?? process.stdout) : destination;
  return (target ? pino(options, target as pino.DestinationStream) : pino(options)) as FastifyBaseLogger;
}
