import { Writable } from 'node:stream';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { createLogger } from './logger.js';
import { serializeError, statementOf } from './safeError.js';

/** A PostgreSQL error as node-postgres raises it (the fields it always has, and a detail that quotes a value). */
function pgError(code: string, detail: string) {
  return Object.assign(new Error(`duplicate key value violates unique constraint "patients_mrn"`), {
    severity: 'ERROR',
    code,
    detail,
    table: 'patients',
    constraint: 'patients_mrn',
    routine: '_bt_check_unique',
  });
}

function logged(fields: Record<string, unknown>) {
  const lines: string[] = [];
  const log = createLogger(
    { LOG_LEVEL: 'info' },
    new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    }),
  );
  log.error(fields, 'unexpected server error');
  return lines.join('');
}

describe('errors in the log', () => {
  it('names the statement of a query, never its values', () => {
    expect(statementOf('update "jobs" set "job_note" = $1 where "jobs"."id" = $2')).toBe('update jobs');
    expect(statementOf('insert into "audit_log" ("action") values ($1)')).toBe('insert into audit_log');
    expect(statementOf('delete from sessions where id = $1')).toBe('delete from sessions');
    expect(statementOf('select "id" from "physicians" where "last_name" ilike $1')).toBe(
      'select from physicians',
    );
    expect(statementOf("select 'Jane Roe'")).toBe('select');
  });

  it('logs a failed query with its statement and error code, without parameters, SQL values or detail', () => {
    const err = new DrizzleQueryError(
      'insert into "patients" ("mrn", "last_name") values ($1, $2)',
      ['MRN-55501', 'Roe-Patient'],
      pgError('23505', 'Key (mrn)=(MRN-55501) already exists.'),
    );
    const line = logged({ err });
    expect(line).not.toContain('MRN-55501');
    expect(line).not.toContain('Roe-Patient');
    expect(line).not.toContain('values ($1');
    const entry = JSON.parse(line) as { err: Record<string, unknown> };
    expect(entry.err).toMatchObject({
      type: 'DrizzleQueryError',
      statement: 'insert into patients',
      code: '23505',
      table: 'patients',
      constraint: 'patients_mrn',
    });
    expect(String(entry.err.stack)).toMatch(/^\s+at /);
  });

  it('summarises a database error found in the cause chain of another error', () => {
    const inner = new DrizzleQueryError(
      'update jobs set job_note = $1',
      ['call Jane Roe'],
      pgError('P0001', 'x'),
    );
    const outer = new Error('saving failed', { cause: inner });
    const out = serializeError(outer);
    expect(JSON.stringify(out)).not.toContain('Jane Roe');
    expect(out).toMatchObject({ type: 'Error', statement: 'update jobs', code: 'P0001' });
  });

  it('withholds a failed query’s message passed on by itself', () => {
    const err = new DrizzleQueryError('select 1 from t where q = $1', ['Smith'], undefined);
    expect(logged({ err: { message: err.message } })).not.toContain('Smith');
  });

  it('keeps other errors as pino writes them', () => {
    const out = serializeError(new TypeError('x is not a function'));
    expect(out).toMatchObject({ type: 'TypeError', message: 'x is not a function' });
  });
});
