/**
 * Whether `err` (or an error it wraps: drizzle wraps the driver's) is PostgreSQL's unique
 * violation (23505) of the index `constraint` — what a save that lost a race hits.
 */
export function isUniqueViolation(err: unknown, constraint: string): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const pgError = e as { code?: unknown; constraint?: unknown };
    if (pgError.code === '23505' && pgError.constraint === constraint) return true;
  }
  return false;
}
