/**
 * Runs a generator's steps in slices of at most `sliceMs`, yielding the main thread between
 * slices (ARCHITECTURE §7: never block it for more than 100 ms), and answers what the generator
 * returns. Aborting `signal` stops it between two steps (the promise then fails with AbortError).
 */
export function runInSlices<T>(
  steps: Generator<void, T, void>,
  signal: AbortSignal,
  sliceMs = 30,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const slice = () => {
      if (signal.aborted) return reject(new DOMException('The work was cancelled', 'AbortError'));
      const start = performance.now();
      try {
        for (;;) {
          const step = steps.next();
          if (step.done) return resolve(step.value);
          if (performance.now() - start >= sliceMs) break;
        }
      } catch (error) {
        return reject(error);
      }
      yieldToBrowser(slice);
    };
    yieldToBrowser(slice);
  });
}

/** A macrotask without setTimeout's minimum delay. */
function yieldToBrowser(then: () => void): void {
  if (typeof MessageChannel === 'undefined') {
    setTimeout(then, 0);
    return;
  }
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    channel.port1.close();
    then();
  };
  channel.port2.postMessage(null);
}
