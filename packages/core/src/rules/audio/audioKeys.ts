/**
 * The audio player's keys (spec 01 §9, spec 02 §9) and the arithmetic of held keys and pedals.
 *
 * Every input (keyboard, on-screen button held down, WebHID foot pedal) becomes one of the
 * {@link AudioCommand}s below, so all of them drive the player the same way.
 *
 * How the spec's sentences are read (also in apps/web/src/features/audio/README.md):
 * - "F13 rewind": F13 down starts a rewind hold — one step back at once, then one more every
 *   {@link AUDIO_TIMING.rewindRepeatMs} (120 ms) until F13 comes up.
 * - "F14 play": F14 down plays.
 * - "F15 fast forward": F15 down starts fast-forwarding (playback rate 2) until F15 comes up; then
 *   the player returns to what it was doing (playing at the chosen speed, or paused).
 * - "F16 pause on release": F16 up pauses (a pedal in keyboard mode sends F14 when its middle
 *   pedal goes down and F16 when it comes up: hold to play).
 * - "forward every 150 ms": the forward *step* (on-screen forward button held, ctrl+alt+right held)
 *   steps forward at once and every 150 ms while held.
 * - "Step 500 ms (1100 ms when paused-state rules apply)": a step (rewind or forward) taken while
 *   the player is playing moves 500 ms; a step taken while it is not playing (paused or stopped)
 *   moves 1100 ms — nothing plays between the steps then, so each step covers a word or two.
 *   The step size is decided at each step, from the state at that moment.
 * - "ctrl+alt+space toggles play"; "ctrl+alt+right / ctrl+alt+left skip": a skip is a step
 *   forward / back, repeating while held like the rewind and forward steps.
 * - "volume step 0.01 with ctrl+arrow": ctrl+↑ / ctrl+↓ (no alt) raise / lower the volume by 0.01,
 *   with the keyboard's own auto-repeat.
 */

/** Spec 01 §9 audio timings and steps. */
export const AUDIO_TIMING = {
  /** A held rewind (F13, the rewind button, ctrl+alt+left) steps back this often. */
  rewindRepeatMs: 120,
  /** A held forward step (the forward button, ctrl+alt+right) steps forward this often. */
  forwardRepeatMs: 150,
  /** A step while playing. */
  stepMs: 500,
  /** A step while paused or stopped (the "paused-state rule"). */
  pausedStepMs: 1100,
  /** Arrow keys on the focused position bar. */
  seekStepMs: 1000,
  /** Fast-forwarding plays at this rate. */
  fastForwardRate: 2,
  /** ctrl+↑ / ctrl+↓. */
  volumeStep: 0.01,
} as const;

/** What can be held: the steps repeat while held; fast-forward plays at rate 2 while held. */
export type AudioHold = 'rewind' | 'forward' | 'fastForward';

/** One thing an input asks the player to do. */
export type AudioCommand =
  | { type: 'play' }
  | { type: 'pause' }
  | { type: 'togglePlay' }
  | { type: 'holdStart'; hold: AudioHold }
  | { type: 'holdEnd'; hold: AudioHold }
  | { type: 'volume'; delta: number };

/** The parts of a KeyboardEvent the key map looks at. */
export interface AudioKeyInput {
  key: string;
  code?: string;
  ctrlKey: boolean;
  altKey: boolean;
  shiftKey?: boolean;
  metaKey: boolean;
  /** True for the keyboard's auto-repeat keydowns. */
  repeat?: boolean;
}

/**
 * What a key event means to the player. `consume`: the event is the player's — the page must
 * not see it (no typing into an editor, no scrolling); `command`: what to do, if anything (a
 * consumed event may do nothing, e.g. the auto-repeat keydowns of a held F13, or F16 going down).
 */
export interface AudioKeyResult {
  consume: boolean;
  command: AudioCommand | null;
}

/** The pedal keys of spec 01 §9, with any modifiers (a pedal does not know what the hands hold). */
const PEDAL_KEYS = new Set(['F13', 'F14', 'F15', 'F16']);

function isSpace(e: AudioKeyInput): boolean {
  return e.code === 'Space' || e.key === ' ' || e.key === 'Spacebar';
}

/**
 * Maps a keydown (`phase` 'down') or keyup ('up') to the player's command; null when the key is
 * not the player's (the page handles it as usual).
 */
export function audioKeyCommand(e: AudioKeyInput, phase: 'down' | 'up'): AudioKeyResult | null {
  const down = phase === 'down';
  const fresh = down && !e.repeat;
  if (PEDAL_KEYS.has(e.key)) {
    switch (e.key) {
      case 'F13':
        return {
          consume: true,
          command: fresh
            ? { type: 'holdStart', hold: 'rewind' }
            : down
              ? null
              : { type: 'holdEnd', hold: 'rewind' },
        };
      case 'F14':
        return { consume: true, command: fresh ? { type: 'play' } : null };
      case 'F15':
        return {
          consume: true,
          command: fresh
            ? { type: 'holdStart', hold: 'fastForward' }
            : down
              ? null
              : { type: 'holdEnd', hold: 'fastForward' },
        };
      default:
        // F16: pause on release.
        return { consume: true, command: down ? null : { type: 'pause' } };
    }
  }
  if (e.metaKey) return null;
  if (e.ctrlKey && e.altKey && !e.shiftKey) {
    if (isSpace(e)) return { consume: true, command: fresh ? { type: 'togglePlay' } : null };
    if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
      const hold: AudioHold = e.key === 'ArrowLeft' ? 'rewind' : 'forward';
      return {
        consume: true,
        command: fresh ? { type: 'holdStart', hold } : down ? null : { type: 'holdEnd', hold },
      };
    }
    return null;
  }
  if (e.ctrlKey && !e.altKey && !e.shiftKey && (e.key === 'ArrowUp' || e.key === 'ArrowDown')) {
    // The keyboard's auto-repeat changes the volume on: every keydown counts.
    if (!down) return { consume: true, command: null };
    const delta = e.key === 'ArrowUp' ? AUDIO_TIMING.volumeStep : -AUDIO_TIMING.volumeStep;
    return { consume: true, command: { type: 'volume', delta } };
  }
  // The arrow of a skip may come up after its modifiers did: it still ends the hold (a no-op
  // when none runs), but the page keeps the event.
  if (!down && (e.key === 'ArrowLeft' || e.key === 'ArrowRight')) {
    const hold: AudioHold = e.key === 'ArrowLeft' ? 'rewind' : 'forward';
    return { consume: false, command: { type: 'holdEnd', hold } };
  }
  return null;
}

/** How often a held step repeats. */
export function repeatIntervalMs(hold: Exclude<AudioHold, 'fastForward'>): number {
  return hold === 'rewind' ? AUDIO_TIMING.rewindRepeatMs : AUDIO_TIMING.forwardRepeatMs;
}

/** Spec 01 §9: the size of one step — 500 ms while playing, 1100 ms under the paused-state rule. */
export function stepSizeMs(playing: boolean): number {
  return playing ? AUDIO_TIMING.stepMs : AUDIO_TIMING.pausedStepMs;
}

/**
 * How many steps a hold of `heldMs` takes: one when it starts, then one at every full interval
 * while still held. A tap (0 ms) is one step; F13 held 1000 ms at 120 ms is 1 + ⌊1000 / 120⌋ = 9.
 */
export function heldStepCount(heldMs: number, intervalMs: number): number {
  if (!(heldMs >= 0) || !(intervalMs > 0)) return 0;
  return 1 + Math.floor(heldMs / intervalMs);
}

/**
 * How far a hold moves the position when every step has the same size (the state does not change
 * during the hold), before playback and the ends of the recording are taken into account.
 *
 * F13 held 1 s while playing: 9 steps × 500 ms = 4500 ms back (about 4.2 s per second of holding:
 * 500 / 120 × 1000), while the audio keeps playing under it; while paused: 9 × 1100 ms = 9900 ms.
 * The forward step held 1 s while playing: 1 + ⌊1000 / 150⌋ = 7 steps × 500 ms = 3500 ms.
 */
export function heldDistanceMs(
  heldMs: number,
  hold: Exclude<AudioHold, 'fastForward'>,
  playing: boolean,
): number {
  return heldStepCount(heldMs, repeatIntervalMs(hold)) * stepSizeMs(playing);
}
