/** An inclusive byte range of a file, as HTTP Range requests name them. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * What a `Range` header asks of a file of `size` bytes (RFC 9110 §14): a range to answer with 206,
 * 'unsatisfiable' for 416, or null to answer the whole file with 200 — no header, another unit,
 * a malformed header or several ranges (players ask for one; the whole file is a valid answer).
 */
export function parseByteRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  if (!header) return null;
  const m = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  if (!m) return null;
  const [, first, last] = m as unknown as [string, string, string];
  if (first === '' && last === '') return null;
  if (first === '') {
    // bytes=-n: the last n bytes.
    const n = Number(last);
    if (n === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - n), end: size - 1 };
  }
  const start = Number(first);
  if (last !== '' && Number(last) < start) return null;
  if (start >= size) return 'unsatisfiable';
  const end = last === '' ? size - 1 : Number(last);
  return { start, end: Math.min(end, size - 1) };
}
