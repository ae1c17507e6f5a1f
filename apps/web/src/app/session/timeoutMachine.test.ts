import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '../../lib/api';
import { isSessionLost } from './sessionErrors';
import { createSessionTimeout, type TimeoutClock, type TimeoutState } from './timeoutMachine';

const fakeClock: TimeoutClock = {
  now: () => Date.now(),
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
  setInterval: (run, ms) => setInterval(run, ms),
  clearInterval: (h) => clearInterval(h as ReturnType<typeof setInterval>),
};

/** A machine on fake timers whose Idle heartbeat answers the given seconds in turn. */
function setup(...idleAnswers: (number | Error)[]) {
  let idleCall = 0;
  const idle = vi.fn(async () => {
    const next = idleAnswers[Math.min(idleCall, idleAnswers.length - 1)] ?? 240;
    idleCall += 1;
    if (next instanceof Error) throw next;
    return next;
  });
  const active = vi.fn(async () => 240);
  const signOut = vi.fn(async () => {});
  const machine = createSessionTimeout({ clock: fakeClock, idle, active, signOut, isSessionLost });
  const seen: TimeoutState[] = [];
  machine.subscribe((s) => seen.push(s));
  machine.start();
  return { machine, idle, active, signOut, seen, phase: () => machine.getState().phase };
}

const seconds = (s: number) => vi.advanceTimersByTimeAsync(s * 1000);

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2025-01-06T09:00:00Z') });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('session timeout machine (spec 01 §4 "Session", §9)', () => {
  it('sends the Idle heartbeat after 130 s without activity, and not before', async () => {
    const m = setup(110);
    expect(m.machine.getState()).toEqual({ phase: 'active', remainingSeconds: 240 });
    await seconds(129.9);
    expect(m.idle).not.toHaveBeenCalled();
    await seconds(0.1);
    expect(m.idle).toHaveBeenCalledTimes(1);
  });

  it('counts down from the server answer, warns at 120 or fewer, expires and signs out at 0', async () => {
    // The repeat heartbeat at 250.01 s hears what the server counted meanwhile.
    const m = setup(125, 4);
    await seconds(130);
    expect(m.machine.getState()).toEqual({ phase: 'idle', remainingSeconds: 125 });
    await seconds(4);
    expect(m.machine.getState()).toEqual({ phase: 'idle', remainingSeconds: 121 });
    await seconds(1);
    expect(m.machine.getState()).toEqual({ phase: 'warning', remainingSeconds: 120 });
    await seconds(119);
    expect(m.machine.getState()).toEqual({ phase: 'warning', remainingSeconds: 1 });
    expect(m.signOut).not.toHaveBeenCalled();
    await seconds(1);
    expect(m.machine.getState()).toEqual({ phase: 'expired', remainingSeconds: 0 });
    expect(m.signOut).toHaveBeenCalledTimes(1);
    // Expired is final: no more heartbeats, and activity changes nothing.
    m.machine.activity();
    await seconds(600);
    expect(m.phase()).toBe('expired');
    expect(m.idle).toHaveBeenCalledTimes(2); // 130 s and 250.01 s (the repeat before 0)
    expect(m.active).not.toHaveBeenCalled();
  });

  it('shows the warning at once when the server has 120 seconds or fewer left', async () => {
    const m = setup(28);
    await seconds(130);
    expect(m.machine.getState()).toEqual({ phase: 'warning', remainingSeconds: 28 });
    await seconds(28);
    expect(m.phase()).toBe('expired');
  });

  it('repeats the Idle heartbeat every 120 s (+10 ms) while idle and follows the server', async () => {
    // Another tab keeps the session alive: the server answers more time than counted here.
    const m = setup(200, 230, 225);
    await seconds(130);
    expect(m.machine.getState().remainingSeconds).toBe(200);
    await seconds(120.01);
    expect(m.idle).toHaveBeenCalledTimes(2);
    expect(m.machine.getState()).toEqual({ phase: 'idle', remainingSeconds: 230 });
    await seconds(120.01);
    expect(m.idle).toHaveBeenCalledTimes(3);
    expect(m.phase()).toBe('idle');
  });

  it('activity restarts the idle period; Active goes out at once, then at most once per 30 s', async () => {
    const m = setup(110);
    await seconds(100);
    m.machine.activity();
    expect(m.active).toHaveBeenCalledTimes(1);
    for (let i = 0; i < 50; i++) {
      await seconds(0.5); // a busy user: 25 s of mouse moves
      m.machine.activity();
    }
    expect(m.active).toHaveBeenCalledTimes(1);
    await seconds(5); // the 30 s window ends: one trailing call for the burst
    expect(m.active).toHaveBeenCalledTimes(2);
    await seconds(60);
    expect(m.active).toHaveBeenCalledTimes(2);
    // The idle period counts from the last activity (at 125 s), so no Idle call at 130 s or 230 s.
    expect(m.idle).not.toHaveBeenCalled();
    await seconds(125 + 130 - 190 - 0.1);
    expect(m.idle).not.toHaveBeenCalled();
    await seconds(0.1);
    expect(m.idle).toHaveBeenCalledTimes(1);
  });

  it('activity during the warning closes it, resets to 240 and sends Active even inside the throttle window', async () => {
    const m = setup(100);
    m.machine.activity();
    expect(m.active).toHaveBeenCalledTimes(1);
    await seconds(131);
    expect(m.phase()).toBe('warning');
    m.machine.activity();
    expect(m.machine.getState()).toEqual({ phase: 'active', remainingSeconds: 240 });
    expect(m.active).toHaveBeenCalledTimes(2);
    // The countdown has stopped: nothing expires, the next Idle comes 130 s after the activity.
    await seconds(129);
    expect(m.phase()).toBe('active');
    expect(m.signOut).not.toHaveBeenCalled();
    await seconds(1);
    expect(m.idle).toHaveBeenCalledTimes(2);
  });

  it('ignores an Idle answer that arrives after the user came back', async () => {
    let release: (n: number) => void = () => {};
    const m = setup();
    m.idle.mockImplementationOnce(() => new Promise<number>((resolve) => (release = resolve)));
    await seconds(130);
    m.machine.activity();
    release(5);
    await seconds(10);
    expect(m.machine.getState()).toEqual({ phase: 'active', remainingSeconds: 240 });
  });

  it('stops when the heartbeat says the session is gone (the app-wide 401 handler takes over)', async () => {
    const m = setup(new ApiRequestError(401, 'session_superseded', 'You already have an active session'));
    await seconds(130);
    expect(m.phase()).toBe('stopped');
    expect(m.signOut).not.toHaveBeenCalled();
    await seconds(600);
    expect(m.idle).toHaveBeenCalledTimes(1);
  });

  it('without an Idle answer counts down from the last activity until a heartbeat gets through', async () => {
    const m = setup(new ApiRequestError(0, 'network', 'Failed to fetch'), 60);
    await seconds(130);
    expect(m.machine.getState()).toEqual({ phase: 'warning', remainingSeconds: 110 });
    await seconds(100);
    expect(m.machine.getState().remainingSeconds).toBe(10);
    await seconds(10);
    expect(m.phase()).toBe('expired');
  });

  it('stop() ends every timer', async () => {
    const m = setup(110);
    m.machine.activity();
    m.machine.activity();
    m.machine.stop();
    await seconds(1000);
    expect(m.idle).not.toHaveBeenCalled();
    expect(m.active).toHaveBeenCalledTimes(1);
    expect(m.phase()).toBe('stopped');
  });

  it('tells subscribers only about changes', async () => {
    const m = setup(118);
    m.machine.activity();
    await seconds(133);
    expect(m.seen.map((s) => `${s.phase} ${s.remainingSeconds}`)).toEqual([
      'active 240',
      'idle 240',
      'warning 118',
      'warning 117',
      'warning 116',
      'warning 115',
    ]);
  });
});
