/**
 * Runs an action at once and then every `intervalMs` while a key, pedal or button is held
 * (spec 01 §9: rewind every 120 ms, forward every 150 ms). One repeater per kind of hold; a second
 * start while one runs is ignored (the key and the pedal pressed together are one hold).
 *
 * The repeats use setInterval, so a fake clock (Vitest's, Playwright's `page.clock`) drives them:
 * a hold of `t` ms takes 1 + ⌊t / interval⌋ steps (`heldStepCount` in @quill/core).
 */
export class HoldRepeater<K extends string> {
  private readonly timers = new Map<K, ReturnType<typeof setInterval>>();

  /** Starts a hold; false when one of this kind already runs. */
  start(kind: K, intervalMs: number, action: () => void): boolean {
    if (this.timers.has(kind)) return false;
    this.timers.set(
      kind,
      setInterval(() => action(), intervalMs),
    );
    action();
    return true;
  }

  /** Ends a hold; false when none of this kind ran. */
  stop(kind: K): boolean {
    const timer = this.timers.get(kind);
    if (timer === undefined) return false;
    clearInterval(timer);
    this.timers.delete(kind);
    return true;
  }

  isHeld(kind: K): boolean {
    return this.timers.has(kind);
  }

  /** Ends every hold. */
  stopAll(): void {
    for (const timer of this.timers.values()) clearInterval(timer);
    this.timers.clear();
  }
}
