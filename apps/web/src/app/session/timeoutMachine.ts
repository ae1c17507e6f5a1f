import { LIMITS } from '@quill/core/rules/settings/constants';

/**
 * The session-timeout state machine of spec 01 §4 "Session" and §9, without React or the DOM:
 * timers, the clock and the heartbeat calls are injected, so tests drive it with fake time.
 *
 *   active ──130 s without activity──▶ idle: GET Idle; its answer starts a 1 s countdown,
 *                                      repeated every 120 s (+10 ms) while idle
 *   idle ──remaining ≤ 120──▶ warning (the Session Timeout modal)
 *   idle | warning ──remaining 0──▶ expired: sign out, the 'Your session has expired' modal
 *   idle | warning ──activity──▶ active: remaining back to 240, GET Active at once
 *   active ──activity──▶ active: GET Active, at most one per `activeThrottleMs` (the last
 *                        activity of a burst is sent when the window ends)
 */

export type TimeoutPhase = 'stopped' | 'active' | 'idle' | 'warning' | 'expired';

export interface TimeoutState {
  phase: TimeoutPhase;
  /** Seconds before the session ends, as last counted (the reset value while active). */
  remainingSeconds: number;
}

type Handle = unknown;

/** The browser's clock and timers (Date.now, setTimeout, setInterval), or fakes in tests. */
export interface TimeoutClock {
  now(): number;
  setTimeout(run: () => void, ms: number): Handle;
  clearTimeout(handle: Handle): void;
  setInterval(run: () => void, ms: number): Handle;
  clearInterval(handle: Handle): void;
}

export interface TimeoutDeps {
  clock: TimeoutClock;
  /** GET /api/heartbeat/Idle: the server's remaining seconds, without resetting them. */
  idle(): Promise<number>;
  /** GET /api/heartbeat/Active: resets the server's idle clock. */
  active(): Promise<number>;
  /** Ends the session on the server (at 0). */
  signOut(): Promise<void>;
  /** True when a failed heartbeat means the session is already gone (401): the machine stops. */
  isSessionLost(error: unknown): boolean;
}

export interface TimeoutSettings {
  idleMs: number;
  heartbeatIntervalMs: number;
  resetSeconds: number;
  warnSeconds: number;
  activeThrottleMs: number;
  tickMs: number;
}

/** Spec 01 §9, plus the throttle of the Active heartbeat (never one call per mouse move). */
export const DEFAULT_TIMEOUT_SETTINGS: TimeoutSettings = {
  idleMs: LIMITS.idleSeconds * 1000,
  heartbeatIntervalMs: LIMITS.heartbeatIntervalMs,
  resetSeconds: LIMITS.sessionResetSeconds,
  warnSeconds: LIMITS.sessionWarnSeconds,
  activeThrottleMs: 30_000,
  tickMs: 1000,
};

export interface SessionTimeoutMachine {
  start(): void;
  /** The user did something (mouse, keyboard, touch, scroll, wheel). */
  activity(): void;
  stop(): void;
  getState(): TimeoutState;
  subscribe(listener: (state: TimeoutState) => void): () => void;
}

/** Creates a stopped machine; `start()` begins watching for idleness. */
export function createSessionTimeout(
  deps: TimeoutDeps,
  settings: TimeoutSettings = DEFAULT_TIMEOUT_SETTINGS,
): SessionTimeoutMachine {
  const { clock } = deps;
  const listeners = new Set<(state: TimeoutState) => void>();
  let state: TimeoutState = { phase: 'stopped', remainingSeconds: settings.resetSeconds };
  let lastActivity = 0;
  let lastActiveSent = Number.NEGATIVE_INFINITY;
  /** When the session ends by the server's last answer (null until an Idle answer came). */
  let deadline: number | null = null;
  /** Bumped on every reset, so a late heartbeat answer from before it is ignored. */
  let generation = 0;
  let idleTimer: Handle;
  let trailingTimer: Handle;
  let tickTimer: Handle;
  let heartbeatTimer: Handle;

  const set = (next: TimeoutState) => {
    if (next.phase === state.phase && next.remainingSeconds === state.remainingSeconds) return;
    state = next;
    for (const listener of [...listeners]) listener(state);
  };
  const counting = () => state.phase === 'idle' || state.phase === 'warning';

  function clearCountdown() {
    if (tickTimer !== undefined) clock.clearInterval(tickTimer);
    if (heartbeatTimer !== undefined) clock.clearInterval(heartbeatTimer);
    tickTimer = heartbeatTimer = undefined;
    deadline = null;
    generation += 1;
  }

  function clearAll() {
    clearCountdown();
    if (idleTimer !== undefined) clock.clearTimeout(idleTimer);
    if (trailingTimer !== undefined) clock.clearTimeout(trailingTimer);
    idleTimer = trailingTimer = undefined;
  }

  /** The session is gone elsewhere (401): the app's global handler shows what comes next. */
  function halt(error: unknown): boolean {
    if (!deps.isSessionLost(error)) return false;
    clearAll();
    set({ phase: 'stopped', remainingSeconds: 0 });
    return true;
  }

  function scheduleIdleCheck(ms: number) {
    if (idleTimer !== undefined) clock.clearTimeout(idleTimer);
    idleTimer = clock.setTimeout(checkIdle, ms);
  }

  function checkIdle() {
    idleTimer = undefined;
    if (state.phase !== 'active') return;
    const quietFor = clock.now() - lastActivity;
    // Activity only stamps the time; the one timer re-arms for what is left of the idle period.
    if (quietFor < settings.idleMs) scheduleIdleCheck(settings.idleMs - quietFor);
    else enterIdle();
  }

  function enterIdle() {
    set({ phase: 'idle', remainingSeconds: state.remainingSeconds });
    heartbeat();
    heartbeatTimer = clock.setInterval(heartbeat, settings.heartbeatIntervalMs);
    tickTimer = clock.setInterval(tick, settings.tickMs);
  }

  function heartbeat() {
    const asked = generation;
    deps.idle().then(
      (remaining) => {
        if (asked !== generation || !counting()) return;
        deadline = clock.now() + remaining * 1000;
        tick();
      },
      (error: unknown) => {
        if (asked !== generation || !counting() || halt(error)) return;
        // No answer: count down from the last activity until the next heartbeat can tell.
        if (deadline === null) {
          deadline = lastActivity + settings.resetSeconds * 1000;
          tick();
        }
      },
    );
  }

  function tick() {
    if (deadline === null || !counting()) return;
    // From the clock, not by counting ticks: a throttled tab or a jump of time stays right.
    const remaining = Math.max(0, Math.ceil((deadline - clock.now()) / 1000));
    if (remaining <= 0) expire();
    else set({ phase: remaining <= settings.warnSeconds ? 'warning' : 'idle', remainingSeconds: remaining });
  }

  function expire() {
    clearAll();
    set({ phase: 'expired', remainingSeconds: 0 });
    deps.signOut().catch(() => {});
  }

  function sendActive() {
    lastActiveSent = clock.now();
    if (trailingTimer !== undefined) clock.clearTimeout(trailingTimer);
    trailingTimer = undefined;
    deps.active().catch((error: unknown) => {
      if (state.phase === 'active') halt(error);
    });
  }

  function throttledActive() {
    const wait = lastActiveSent + settings.activeThrottleMs - clock.now();
    if (wait <= 0) sendActive();
    else if (trailingTimer === undefined)
      trailingTimer = clock.setTimeout(() => {
        trailingTimer = undefined;
        if (state.phase === 'active') sendActive();
      }, wait);
  }

  return {
    start() {
      if (state.phase !== 'stopped') return;
      lastActivity = clock.now();
      set({ phase: 'active', remainingSeconds: settings.resetSeconds });
      scheduleIdleCheck(settings.idleMs);
    },
    activity() {
      if (state.phase === 'stopped' || state.phase === 'expired') return;
      lastActivity = clock.now();
      if (state.phase === 'active') {
        throttledActive();
        return;
      }
      // Leaving idle or the warning: back to the full time, and the server hears of it at once.
      clearCountdown();
      set({ phase: 'active', remainingSeconds: settings.resetSeconds });
      sendActive();
      scheduleIdleCheck(settings.idleMs);
    },
    stop() {
      clearAll();
      set({ phase: 'stopped', remainingSeconds: settings.resetSeconds });
    },
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
