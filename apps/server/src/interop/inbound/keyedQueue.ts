/**
 * Runs tasks of one key one at a time in the order they were given (tasks of other keys run
 * meanwhile): the feed's per-facility order (issue 44) — one sending facility's messages are
 * applied one after another in arrival order, whichever connection they came on.
 */
export class KeyedQueue {
  private readonly tails = new Map<string, Promise<unknown>>();

  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const tail = this.tails.get(key) ?? Promise.resolve();
    const result = tail.then(task, task);
    const settled = result.catch(() => undefined);
    this.tails.set(key, settled);
    void settled.then(() => {
      if (this.tails.get(key) === settled) this.tails.delete(key);
    });
    return result;
  }
}
