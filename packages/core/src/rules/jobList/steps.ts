/**
 * Runs a stepwise computation (a generator that pauses between steps so a browser can spread it
 * over short tasks) to its end at once, and answers its result.
 */
export function runSteps<T>(steps: Generator<void, T, void>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * Rows between two pauses of a stepwise pass that reads and writes only typed arrays: quick once
 * the engine has optimised it, but a pass's first run in a page is not, so none runs over all of a
 * list's rows in one step (a first sort by date after a load ran 30–50 ms in one).
 */
export const PASS_ROWS_PER_STEP = 10_000;

/**
 * Runs `pass(start, end)` over the positions 0 to `count` in ranges of `perStep`, pausing (yielding)
 * between ranges. The pass is a plain function, not a generator, so the engine optimises its loop
 * while it runs; it does not do that for a loop that pauses a generator, and a pass's first run
 * in a page was up to twice as slow there.
 */
export function* inRanges(
  count: number,
  perStep: number,
  pass: (start: number, end: number) => void,
): Generator<void, void, void> {
  for (let start = 0; start < count; start += perStep) {
    pass(start, Math.min(count, start + perStep));
    if (start + perStep < count) yield;
  }
}
