/** A run of differences: old items [a0, a1) became new items [b0, b1). */
export interface Hunk {
  a0: number;
  a1: number;
  b0: number;
  b1: number;
}

/** Beyond this many differences (or this much work) the middle is one hunk: a bound on time. */
const MAX_EDITS = 2_000;
const MAX_CELLS = 8_000_000;

/**
 * The shortest edit script between two sequences (Myers' O(ND) algorithm) as hunks in order.
 * Equal leading and trailing items are matched first; a middle that needs more than MAX_EDITS
 * edits is returned as one hunk.
 */
export function diffSequences(n: number, m: number, equal: (i: number, j: number) => boolean): Hunk[] {
  let start = 0;
  while (start < n && start < m && equal(start, start)) start += 1;
  let endA = n;
  let endB = m;
  while (endA > start && endB > start && equal(endA - 1, endB - 1)) {
    endA -= 1;
    endB -= 1;
  }
  if (start === endA && start === endB) return [];
  const N = endA - start;
  const M = endB - start;
  const eq = (x: number, y: number) => equal(start + x, start + y);
  const offset = N + M + 1;
  const v = new Int32Array(2 * offset + 1);
  const trace: Int32Array[] = [];
  let found = -1;
  for (let d = 0; d <= N + M && found === -1; d++) {
    if (d > MAX_EDITS || (d + 1) * v.length > MAX_CELLS)
      return [{ a0: start, a1: endA, b0: start, b1: endB }];
    trace.push(v.slice());
    for (let k = -d; k <= d; k += 2) {
      let x =
        k === -d || (k !== d && v[offset + k - 1]! < v[offset + k + 1]!)
          ? v[offset + k + 1]!
          : v[offset + k - 1]! + 1;
      let y = x - k;
      while (x < N && y < M && eq(x, y)) {
        x += 1;
        y += 1;
      }
      v[offset + k] = x;
      if (x >= N && y >= M) {
        found = d;
        break;
      }
    }
  }
  // Walk back through the saved frontiers: each step is one insertion or deletion.
  const ops: ('=' | '-' | '+')[] = [];
  let x = N;
  let y = M;
  for (let d = found; d > 0; d--) {
    const prev = trace[d]!;
    const k = x - y;
    const down = k === -d || (k !== d && prev[offset + k - 1]! < prev[offset + k + 1]!);
    const prevK = down ? k + 1 : k - 1;
    const prevX = prev[offset + prevK]!;
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) {
      ops.push('=');
      x -= 1;
      y -= 1;
    }
    ops.push(down ? '+' : '-');
    if (down) y -= 1;
    else x -= 1;
  }
  while (x > 0 && y > 0) {
    ops.push('=');
    x -= 1;
    y -= 1;
  }
  ops.reverse();
  const hunks: Hunk[] = [];
  let a = start;
  let b = start;
  let open: Hunk | null = null;
  for (const op of ops) {
    if (op === '=') {
      if (open) hunks.push(open);
      open = null;
      a += 1;
      b += 1;
      continue;
    }
    open ??= { a0: a, a1: a, b0: b, b1: b };
    if (op === '-') open.a1 = ++a;
    else open.b1 = ++b;
  }
  if (open) hunks.push(open);
  return hunks;
}
