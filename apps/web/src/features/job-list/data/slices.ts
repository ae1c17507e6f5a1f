/** `foreground`: work the user waits for (loading); `background`: work ahead of need (warm-up). */
export type SlicePriority = 'foreground' | 'background';

/**
 * Runs a generator's steps in slices of at most `sliceMs`, yielding the main thread between
 * slices (ARCHITECTURE §7: never block it for more than 100 ms), and answers what the generator
 * returns. Aborting `signal` stops it between two steps (the promise then fails with AbortError).
 * Background work runs in short slices behind input and rendering, so a click and its paint never
 * wait for it.
 */
export function runInSlices<T>(
  steps: Generator<void, T, void>,
  signal: AbortSignal,
  priority: SlicePriority = 'foreground',
  sliceMs = priority === 'background' ? 8 : 30,
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
      yieldToBrowser(slice, priority);
    };
    yieldToBrowser(slice, priority);
  });
}

interface PostTaskScheduler {
  postTask(callback: () => void, options: { priority: 'background' }): Promise<unknown>;
}

/**
 * The next slice: a background task where the browser has `scheduler.postTask` (it runs after
 * input, rendering and other tasks), else a macrotask without setTimeout's minimum delay.
 */
function yieldToBrowser(then: () => void, priority: SlicePriority): void {
  const scheduler = (globalThis as { scheduler?: PostTaskScheduler }).scheduler;
  if (priority === 'background' && scheduler?.postTask) {
    void scheduler.postTask(then, { priority: 'background' });
    return;
  }
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
