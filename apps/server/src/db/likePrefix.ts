/** A LIKE pattern matching values that start with `text` (its own %, _ and \ taken literally). */
export function likePrefix(text: string): string {
  return `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
