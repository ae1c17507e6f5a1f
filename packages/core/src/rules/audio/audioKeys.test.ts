import { describe, expect, it } from 'vitest';
import {
  AUDIO_TIMING,
  type AudioKeyInput,
  audioKeyCommand,
  heldDistanceMs,
  heldStepCount,
  repeatIntervalMs,
  stepSizeMs,
} from './audioKeys.js';

function key(k: string, mods: Partial<AudioKeyInput> = {}): AudioKeyInput {
  return { key: k, ctrlKey: false, altKey: false, shiftKey: false, metaKey: false, ...mods };
}

describe('audio key map (spec 01 §9, spec 02 §9)', () => {
  it('F13 holds rewind from keydown to keyup; its auto-repeat keydowns do nothing but are consumed', () => {
    expect(audioKeyCommand(key('F13'), 'down')).toEqual({
      consume: true,
      command: { type: 'holdStart', hold: 'rewind' },
    });
    expect(audioKeyCommand(key('F13', { repeat: true }), 'down')).toEqual({ consume: true, command: null });
    expect(audioKeyCommand(key('F13'), 'up')).toEqual({
      consume: true,
      command: { type: 'holdEnd', hold: 'rewind' },
    });
  });

  it('F14 plays on keydown; F16 pauses on release (keyup), not on keydown', () => {
    expect(audioKeyCommand(key('F14'), 'down')?.command).toEqual({ type: 'play' });
    expect(audioKeyCommand(key('F14'), 'up')).toEqual({ consume: true, command: null });
    expect(audioKeyCommand(key('F16'), 'down')).toEqual({ consume: true, command: null });
    expect(audioKeyCommand(key('F16'), 'up')?.command).toEqual({ type: 'pause' });
  });

  it('F15 fast-forwards while held', () => {
    expect(audioKeyCommand(key('F15'), 'down')?.command).toEqual({ type: 'holdStart', hold: 'fastForward' });
    expect(audioKeyCommand(key('F15'), 'up')?.command).toEqual({ type: 'holdEnd', hold: 'fastForward' });
  });

  it('pedal keys work whatever modifiers are held', () => {
    expect(audioKeyCommand(key('F14', { shiftKey: true, ctrlKey: true }), 'down')?.command).toEqual({
      type: 'play',
    });
  });

  it('ctrl+alt+space toggles play (by key or by code), once per press', () => {
    expect(audioKeyCommand(key(' ', { ctrlKey: true, altKey: true }), 'down')?.command).toEqual({
      type: 'togglePlay',
    });
    expect(
      audioKeyCommand(key('\u00a0', { code: 'Space', ctrlKey: true, altKey: true }), 'down')?.command,
    ).toEqual({ type: 'togglePlay' });
    expect(
      audioKeyCommand(key(' ', { ctrlKey: true, altKey: true, repeat: true }), 'down')?.command,
    ).toBeNull();
    expect(audioKeyCommand(key(' ', { ctrlKey: true }), 'down')).toBeNull();
    expect(audioKeyCommand(key(' '), 'down')).toBeNull();
  });

  it('ctrl+alt+left / right hold a step back / forward', () => {
    expect(audioKeyCommand(key('ArrowLeft', { ctrlKey: true, altKey: true }), 'down')?.command).toEqual({
      type: 'holdStart',
      hold: 'rewind',
    });
    expect(audioKeyCommand(key('ArrowRight', { ctrlKey: true, altKey: true }), 'down')?.command).toEqual({
      type: 'holdStart',
      hold: 'forward',
    });
    expect(audioKeyCommand(key('ArrowRight', { ctrlKey: true, altKey: true }), 'up')).toEqual({
      consume: true,
      command: { type: 'holdEnd', hold: 'forward' },
    });
  });

  it('an arrow released after its modifiers still ends the hold, without taking the event', () => {
    expect(audioKeyCommand(key('ArrowLeft'), 'up')).toEqual({
      consume: false,
      command: { type: 'holdEnd', hold: 'rewind' },
    });
  });

  it('ctrl+↑ / ctrl+↓ change the volume by 0.01, auto-repeat included', () => {
    expect(audioKeyCommand(key('ArrowUp', { ctrlKey: true }), 'down')?.command).toEqual({
      type: 'volume',
      delta: 0.01,
    });
    expect(audioKeyCommand(key('ArrowDown', { ctrlKey: true, repeat: true }), 'down')?.command).toEqual({
      type: 'volume',
      delta: -0.01,
    });
  });

  it('leaves everything else to the page', () => {
    for (const k of ['a', ' ', 'ArrowUp', 'ArrowLeft', 'Enter', 'F12', 'Tab']) {
      expect(audioKeyCommand(key(k), 'down'), k).toBeNull();
    }
    expect(audioKeyCommand(key('ArrowLeft', { ctrlKey: true }), 'down')).toBeNull();
    expect(audioKeyCommand(key('ArrowUp', { ctrlKey: true, shiftKey: true }), 'down')).toBeNull();
    expect(audioKeyCommand(key('ArrowUp', { metaKey: true, ctrlKey: true }), 'down')).toBeNull();
    expect(audioKeyCommand(key(' ', { ctrlKey: true, altKey: true, shiftKey: true }), 'down')).toBeNull();
  });
});

describe('step and repeat arithmetic (spec 01 §9)', () => {
  it('has the spec values', () => {
    expect(AUDIO_TIMING.rewindRepeatMs).toBe(120);
    expect(AUDIO_TIMING.forwardRepeatMs).toBe(150);
    expect(AUDIO_TIMING.stepMs).toBe(500);
    expect(AUDIO_TIMING.pausedStepMs).toBe(1100);
    expect(AUDIO_TIMING.seekStepMs).toBe(1000);
    expect(AUDIO_TIMING.fastForwardRate).toBe(2);
    expect(AUDIO_TIMING.volumeStep).toBe(0.01);
    expect(repeatIntervalMs('rewind')).toBe(120);
    expect(repeatIntervalMs('forward')).toBe(150);
  });

  it('a step is 500 ms while playing and 1100 ms under the paused-state rule', () => {
    expect(stepSizeMs(true)).toBe(500);
    expect(stepSizeMs(false)).toBe(1100);
  });

  it('a hold steps at once, then at every full interval', () => {
    expect(heldStepCount(0, 120)).toBe(1);
    expect(heldStepCount(119, 120)).toBe(1);
    expect(heldStepCount(120, 120)).toBe(2);
    expect(heldStepCount(1000, 120)).toBe(9);
    expect(heldStepCount(1000, 150)).toBe(7);
    expect(heldStepCount(-1, 120)).toBe(0);
    expect(heldStepCount(1000, 0)).toBe(0);
  });

  it('rewind held for one second: 9 × 500 ms = 4.5 s back while playing, 9 × 1100 ms = 9.9 s paused', () => {
    expect(heldDistanceMs(1000, 'rewind', true)).toBe(4500);
    expect(heldDistanceMs(1000, 'rewind', false)).toBe(9900);
    // The rate behind it: 500 ms every 120 ms ≈ 4.17 s per second held.
    expect((AUDIO_TIMING.stepMs / AUDIO_TIMING.rewindRepeatMs) * 1000).toBeCloseTo(4166.7, 1);
  });

  it('forward step held for one second: 7 × 500 ms while playing', () => {
    expect(heldDistanceMs(1000, 'forward', true)).toBe(3500);
    expect(heldDistanceMs(1000, 'forward', false)).toBe(7700);
  });
});
