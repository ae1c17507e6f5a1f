import { AUDIO_TIMING, stepSizeMs } from '@quill/core/rules/audio/audioKeys';

/**
 * The audio player's state machine (spec 01 §4 "Audio player"): stopped, playing, paused,
 * fast-forwarding (rate 2) and buffering (shown while buffering). Pure: the player hook feeds it
 * the user's commands and the media element's events, and makes the element follow the result
 * ({@link shouldPlay}, {@link playbackRate}).
 *
 * - Buffering is entered from playing or fast-forwarding when the element waits for data, and
 *   left to the same state when it can play again. While buffering, commands act on the state it
 *   will return to (pause while buffering pauses; fast-forward while buffering resumes as such).
 * - Fast-forwarding lasts while F15 / the right pedal is held; on release the player returns to
 *   what it was doing before (playing, paused or stopped). Play during the hold makes that
 *   "playing"; pause or stop during the hold ends it.
 * - The element's own pauses (the operating system's media keys, the end of the recording) are
 *   events too, so the machine never disagrees with what is heard.
 */
export type PlayerState = 'stopped' | 'playing' | 'paused' | 'fast-forwarding' | 'buffering';

/** A state the player is in when not buffering. */
type SteadyState = Exclude<PlayerState, 'buffering'>;

export interface PlayerModel {
  state: PlayerState;
  /** While buffering: the state playback returns to. */
  resumeTo: 'playing' | 'fast-forwarding' | null;
  /** While fast-forwarding: the state the release of the hold returns to. */
  afterFastForward: 'playing' | 'paused' | 'stopped' | null;
}

export type PlayerEvent =
  | { type: 'play' }
  | { type: 'pause' }
  | { type: 'toggle' }
  | { type: 'stop' }
  | { type: 'fastForwardStart' }
  | { type: 'fastForwardEnd' }
  /** The element waits for data (`waiting`). */
  | { type: 'waiting' }
  /** The element plays again (`playing`, `canplay`). */
  | { type: 'ready' }
  /** The recording ended (`ended`). */
  | { type: 'ended' }
  /** The element paused without being asked (`pause` while the machine plays). */
  | { type: 'elementPaused' }
  /** The element started without being asked (`play` while the machine does not play). */
  | { type: 'elementPlayed' };

export const INITIAL_PLAYER: PlayerModel = { state: 'stopped', resumeTo: null, afterFastForward: null };

function steady(state: SteadyState, afterFastForward: PlayerModel['afterFastForward'] = null): PlayerModel {
  return { state, resumeTo: null, afterFastForward: state === 'fast-forwarding' ? afterFastForward : null };
}

/** The state the player is in or returns to after buffering. */
function baseState(model: PlayerModel): SteadyState {
  return model.state === 'buffering' ? (model.resumeTo ?? 'playing') : model.state;
}

/** True when the element should be playing (playing, fast-forwarding, or buffering towards either). */
export function shouldPlay(model: PlayerModel): boolean {
  const base = baseState(model);
  return base === 'playing' || base === 'fast-forwarding';
}

/** The element's rate: 2 while fast-forwarding, else the listener's speed. */
export function playbackRate(model: PlayerModel, speed: number): number {
  return baseState(model) === 'fast-forwarding' ? AUDIO_TIMING.fastForwardRate : speed;
}

/** Spec 01 §9: the size of a rewind or forward step now (500 ms playing, 1100 ms paused or stopped). */
export function currentStepMs(model: PlayerModel): number {
  return stepSizeMs(shouldPlay(model));
}

/** What the event does to a player that is not buffering. */
function steadyTransition(model: PlayerModel, base: SteadyState, event: PlayerEvent): PlayerModel {
  switch (event.type) {
    case 'play':
    case 'elementPlayed':
      if (base === 'fast-forwarding') return steady('fast-forwarding', 'playing');
      return steady('playing');
    case 'pause':
    case 'elementPaused':
      return base === 'stopped' ? steady('stopped') : steady('paused');
    case 'toggle':
      return steadyTransition(model, base, {
        type: base === 'playing' || base === 'fast-forwarding' ? 'pause' : 'play',
      });
    case 'stop':
    case 'ended':
      return steady('stopped');
    case 'fastForwardStart':
      if (base === 'fast-forwarding') return steady(base, model.afterFastForward);
      return steady('fast-forwarding', base);
    case 'fastForwardEnd':
      if (base !== 'fast-forwarding') return steady(base);
      return steady(model.afterFastForward ?? 'playing');
    default:
      return steady(base, model.afterFastForward);
  }
}

/** The machine: the next model after an event. Unchanged models are returned as they were. */
export function transition(model: PlayerModel, event: PlayerEvent): PlayerModel {
  if (event.type === 'waiting') {
    if (model.state === 'playing' || model.state === 'fast-forwarding')
      return { state: 'buffering', resumeTo: model.state, afterFastForward: model.afterFastForward };
    return model;
  }
  if (event.type === 'ready') {
    if (model.state !== 'buffering') return model;
    return steady(model.resumeTo ?? 'playing', model.afterFastForward);
  }
  // The element's echo of what the machine asked for changes nothing.
  if (event.type === 'elementPaused' && !shouldPlay(model)) return model;
  if (event.type === 'elementPlayed' && shouldPlay(model)) return model;

  const base = baseState(model);
  const next = steadyTransition(model, base, event);
  // Commands while buffering keep buffering when they keep playing.
  if (model.state === 'buffering' && (next.state === 'playing' || next.state === 'fast-forwarding'))
    return { state: 'buffering', resumeTo: next.state, afterFastForward: next.afterFastForward };
  if (
    next.state === model.state &&
    next.resumeTo === model.resumeTo &&
    next.afterFastForward === model.afterFastForward
  )
    return model;
  return next;
}
