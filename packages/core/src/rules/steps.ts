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
