import { describe, expect, it } from 'vitest';
import {
  currentStepMs,
  INITIAL_PLAYER,
  type PlayerEvent,
  type PlayerModel,
  playbackRate,
  shouldPlay,
  transition,
} from './playerMachine';

function run(...events: PlayerEvent['type'][]): PlayerModel {
  return events.reduce((m, type) => transition(m, { type } as PlayerEvent), INITIAL_PLAYER);
}

describe('audio player state machine (spec 01 §4)', () => {
  it('starts stopped; play, pause, play, stop', () => {
    expect(INITIAL_PLAYER.state).toBe('stopped');
    expect(run('play').state).toBe('playing');
    expect(run('play', 'pause').state).toBe('paused');
    expect(run('play', 'pause', 'play').state).toBe('playing');
    expect(run('play', 'stop').state).toBe('stopped');
    expect(run('pause').state).toBe('stopped');
  });

  it('toggle plays and pauses', () => {
    expect(run('toggle').state).toBe('playing');
    expect(run('toggle', 'toggle').state).toBe('paused');
    expect(run('fastForwardStart', 'toggle').state).toBe('paused');
  });

  it('fast-forwarding at rate 2 while held, then back to what it was', () => {
    const ff = run('play', 'fastForwardStart');
    expect(ff.state).toBe('fast-forwarding');
    expect(playbackRate(ff, 1.25)).toBe(2);
    expect(shouldPlay(ff)).toBe(true);
    const back = transition(ff, { type: 'fastForwardEnd' });
    expect(back.state).toBe('playing');
    expect(playbackRate(back, 1.25)).toBe(1.25);

    expect(run('play', 'pause', 'fastForwardStart', 'fastForwardEnd').state).toBe('paused');
    expect(run('fastForwardStart', 'fastForwardEnd').state).toBe('stopped');
  });

  it('play during a fast-forward keeps playing after it; pause or stop ends it', () => {
    expect(run('fastForwardStart', 'play', 'fastForwardEnd').state).toBe('playing');
    expect(run('play', 'fastForwardStart', 'pause').state).toBe('paused');
    expect(run('play', 'fastForwardStart', 'pause', 'fastForwardEnd').state).toBe('paused');
    expect(run('play', 'fastForwardStart', 'stop').state).toBe('stopped');
    // A second start while held changes nothing.
    const ff = run('play', 'pause', 'fastForwardStart');
    expect(transition(ff, { type: 'fastForwardStart' })).toBe(ff);
  });

  it('buffering is shown while waiting for data and returns to the state it interrupted', () => {
    const waiting = run('play', 'waiting');
    expect(waiting.state).toBe('buffering');
    expect(shouldPlay(waiting)).toBe(true);
    expect(transition(waiting, { type: 'ready' }).state).toBe('playing');
    const ffWaiting = run('play', 'fastForwardStart', 'waiting');
    expect(ffWaiting.state).toBe('buffering');
    expect(playbackRate(ffWaiting, 1)).toBe(2);
    expect(transition(ffWaiting, { type: 'ready' }).state).toBe('fast-forwarding');
    // Waiting while paused is not buffering; ready when not buffering changes nothing.
    expect(run('play', 'pause', 'waiting').state).toBe('paused');
    const playing = run('play');
    expect(transition(playing, { type: 'ready' })).toBe(playing);
  });

  it('commands while buffering act on the state it returns to', () => {
    expect(run('play', 'waiting', 'pause').state).toBe('paused');
    expect(run('play', 'waiting', 'stop').state).toBe('stopped');
    const ff = run('play', 'waiting', 'fastForwardStart');
    expect(ff).toMatchObject({ state: 'buffering', resumeTo: 'fast-forwarding' });
    expect(transition(ff, { type: 'fastForwardEnd' })).toMatchObject({
      state: 'buffering',
      resumeTo: 'playing',
    });
    expect(transition(ff, { type: 'ready' }).state).toBe('fast-forwarding');
  });

  it('follows the element: its own pauses, plays and the end of the recording', () => {
    expect(run('play', 'elementPaused').state).toBe('paused');
    expect(run('elementPlayed').state).toBe('playing');
    expect(run('play', 'ended').state).toBe('stopped');
    // Echoes of what the machine asked for change nothing.
    const paused = run('play', 'pause');
    expect(transition(paused, { type: 'elementPaused' })).toBe(paused);
    const playing = run('play');
    expect(transition(playing, { type: 'elementPlayed' })).toBe(playing);
  });

  it('a step is 500 ms while playing (or fast-forwarding, or buffering) and 1100 ms otherwise', () => {
    expect(currentStepMs(run('play'))).toBe(500);
    expect(currentStepMs(run('play', 'fastForwardStart'))).toBe(500);
    expect(currentStepMs(run('play', 'waiting'))).toBe(500);
    expect(currentStepMs(run('play', 'pause'))).toBe(1100);
    expect(currentStepMs(INITIAL_PLAYER)).toBe(1100);
  });
});
