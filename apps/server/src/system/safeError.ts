import { pino } from 'pino';

/**
 * What a log line may say about an error (issue 23 "Logging"): a failed query is logged with its
 * statement (kind and table, e.g. `update jobs`) and the database's error code, never with its
 * parameters, its SQL text or the database's message and detail — drizzle's DrizzleQueryError
 * carries the parameters in `params` and in its message, and PostgreSQL's messages quote values
 * (`Key (mrn)=(…) already exists`, `invalid input syntax for type integer: "…"`). Other errors keep
 * pino's usual shape, with any database error in their cause chain summarised the same way.
 */

/** A PostgreSQL error as node-postgres and PGlite raise it: SQLSTATE code and severity. */
interface DatabaseErrorLike {
  code: string;
  severity?: string;
  table?: string;
  constraint?: string;
  routine?: string;
}

const SQLSTATE = /^[0-9A-Z]{5}$/;
const IDENTIFIER = /^"?([A-Za-z_][A-Za-z0-9_]*)"?/;
const MAX_CAUSES = 8;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

function isDatabaseError(v: Record<string, unknown>): v is Record<string, unknown> & DatabaseErrorLike {
  return typeof v.code === 'string' && SQLSTATE.test(v.code) && typeof v.severity === 'string';
}

/**
 * The kind of a statement and the table it works on, from its SQL text: `insert into jobs`,
 * `update jobs`, `delete from sessions`, `select from physicians`. Only keywords and an identifier
 * are kept; nothing of the values (drizzle sends them as $1, $2 … anyway).
 */
export function statementOf(sql: string): string {
  const text = sql.trim().replace(/\s+/g, ' ');
  const kind = (/^[A-Za-z]+/.exec(text)?.[0] ?? 'statement').toLowerCase();
  const after = (keyword: RegExp) => {
    const m = keyword.exec(text);
    if (!m) return null;
    return IDENTIFIER.exec(text.slice(m.index + m[0].length))?.[1] ?? null;
  };
  const target =
    kind === 'insert'
      ? after(/\binto /i)
      : kind === 'update'
        ? after(/^update /i)
        : kind === 'delete'
          ? after(/\bfrom /i)
          : kind === 'select' || kind === 'with'
            ? after(/\bfrom /i)
            : null;
  if (kind === 'insert') return target ? `insert into ${target}` : 'insert';
  if (kind === 'delete') return target ? `delete from ${target}` : 'delete';
  if (kind === 'update') return target ? `update ${target}` : 'update';
  return target ? `${kind} from ${target}` : kind;
}

/** The failed query and the database error in an error's cause chain, if any. */
function databaseFailureIn(err: unknown): { sql?: string; db?: DatabaseErrorLike } | null {
  let sql: string | undefined;
  let db: DatabaseErrorLike | undefined;
  let at: unknown = err;
  for (let i = 0; i < MAX_CAUSES && isObject(at); i++) {
    if (sql === undefined && typeof at.query === 'string' && 'params' in at) sql = at.query;
    if (!db && isDatabaseError(at)) db = at;
    at = at.cause;
  }
  return sql !== undefined || db ? { sql, db } : null;
}

/** The stack's frames without its first line (which repeats the message). */
function framesOf(err: unknown): string | undefined {
  const stack = isObject(err) && typeof err.stack === 'string' ? err.stack : undefined;
  if (!stack) return undefined;
  const frames = stack.split('\n').filter((line) => /^\s+at /.test(line));
  return frames.length ? frames.join('\n') : undefined;
}

const typeOf = (err: unknown) => (err instanceof Error ? err.constructor.name : 'Error');

/**
 * The `err` of a log line: a database failure as `{ type, message, statement, code, table,
 * constraint, stack }` (frames only), anything else as pino's standard error serializer has it.
 */
export function serializeError(err: unknown): Record<string, unknown> {
  const failure = databaseFailureIn(err);
  if (!failure) {
    if (err instanceof Error) return pino.stdSerializers.err(err) as unknown as Record<string, unknown>;
    if (isObject(err) && typeof err.message === 'string' && /Failed query/i.test(err.message))
      return { message: 'A database query failed (details withheld from the log)' };
    return isObject(err) ? err : { message: String(err) };
  }
  const statement = failure.sql === undefined ? undefined : statementOf(failure.sql);
  const code = failure.db?.code;
  return {
    type: typeOf(err),
    message: `Database query failed${statement ? `: ${statement}` : ''}${code ? ` (SQLSTATE ${code})` : ''}`,
    ...(statement ? { statement } : {}),
    ...(code ? { code } : {}),
    ...(failure.db?.severity ? { severity: failure.db.severity } : {}),
    ...(failure.db?.table ? { table: failure.db.table } : {}),
    ...(failure.db?.constraint ? { constraint: failure.db.constraint } : {}),
    ...(failure.db?.routine ? { routine: failure.db.routine } : {}),
    ...(framesOf(err) ? { stack: framesOf(err) } : {}),
  };
}
