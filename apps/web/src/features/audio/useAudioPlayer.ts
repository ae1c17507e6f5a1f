import type { AudioOptions } from '@quill/core/contract/audio';
import { type AudioCommand, type AudioHold, repeatIntervalMs } from '@quill/core/rules/audio/audioKeys';
import { clampPositionMs, clampVolume, resumePositionMs } from '@quill/core/rules/audio/audioPlayback';
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { activatePlayer, type BusPlayer, registerPlayer } from './audioBus';
import { type AudioPrefs, updateAudioPrefs, useAudioPrefs } from './audioPrefs';
import { rememberPosition, takePosition } from './audioResume';
import { HoldRepeater } from './holdRepeater';
import {
  currentStepMs,
  INITIAL_PLAYER,
  type PlayerEvent,
  type PlayerModel,
  playbackRate,
  shouldPlay,
  transition,
} from './playerMachine';
import { elementDurationMs, useMediaTimeline } from './useMediaTimeline';

/** The buttons and inputs the server enabled (spec 01 §3 "Audio options"). */
export type AudioPermissions = Pick<
  AudioOptions,
  'play' | 'backwards' | 'forwards' | 'stop' | 'seek' | 'volume'
>;

export interface AudioPlayerControls {
  model: PlayerModel;
  positionMs: number;
  durationMs: number | null;
  /** How far the recording is loaded from the position on (for the bar). */
  bufferedMs: number;
  /** The element could not play the recording ('Cannot play audio'). */
  failed: boolean;
  prefs: AudioPrefs;
  play(): void;
  pause(): void;
  toggle(): void;
  stop(): void;
  seek(ms: number): void;
  holdStart(hold: AudioHold): void;
  holdEnd(hold: AudioHold): void;
  setVolume(volume: number): void;
  setSpeed(speed: number): void;
  setAutoRewind(ms: number): void;
  /** Makes this player the one the keys and pedals drive. */
  activate(): void;
}

/** Makes the element play or pause, at the rate, as the model says. */
function follow(
  el: HTMLMediaElement,
  m: PlayerModel,
  speed: number,
  onRefused: (error: unknown) => void,
): void {
  el.defaultPlaybackRate = speed;
  el.playbackRate = playbackRate(m, speed);
  if (shouldPlay(m)) {
    if (el.paused) el.play()?.catch(onRefused);
  } else if (!el.paused) el.pause();
}

/**
 * Drives an `<audio>` element with the player's state machine: the user's commands (buttons,
 * keys, pedals through the audio bus) and the element's events go through `transition`, and the
 * element is made to follow the result — play or pause, rate 2 while fast-forwarding, else the
 * chosen speed — right away, inside the user's gesture. Holds repeat their steps (rewind every
 * 120 ms, forward every 150 ms); a step is 500 ms while playing, 1100 ms while paused or stopped.
 */
export function useAudioPlayer(
  audioRef: RefObject<HTMLAudioElement | null>,
  permissions: AudioPermissions,
  fallbackDurationMs: number | null,
): AudioPlayerControls {
  const [model, setModel] = useState<PlayerModel>(INITIAL_PLAYER);
  const [failed, setFailed] = useState(false);
  const timeline = useMediaTimeline(audioRef, shouldPlay(model));
  const { positionMs, setPositionMs, bufferedMs } = timeline;
  const prefs = useAudioPrefs();

  const modelRef = useRef(model);
  const prefsRef = useRef(prefs);
  prefsRef.current = prefs;
  const permsRef = useRef(permissions);
  permsRef.current = permissions;
  const pausedAtRef = useRef<number | null>(null);
  const fastForwardHeld = useRef(false);
  const [holds] = useState(() => new HoldRepeater<Exclude<AudioHold, 'fastForward'>>());
  const durationMs = timeline.durationMs ?? fallbackDurationMs;
  const durationRef = useRef(durationMs);
  durationRef.current = durationMs;

  const send = useCallback(
    (event: PlayerEvent) => {
      const before = modelRef.current;
      const next = transition(before, event);
      if (next === before) return;
      modelRef.current = next;
      setModel(next);
      const el = audioRef.current;
      if (!el) return;
      if (next.state === 'paused' && shouldPlay(before)) pausedAtRef.current = el.currentTime * 1000;
      if (next.state === 'stopped') pausedAtRef.current = null;
      follow(el, next, prefsRef.current.speed, (error) => {
        if (error instanceof DOMException && error.name === 'NotSupportedError') setFailed(true);
        // Refused (no user gesture yet) or interrupted: back to what the element does.
        if (el.paused) sendRef.current({ type: 'elementPaused' });
      });
    },
    [audioRef],
  );
  const sendRef = useRef(send);
  sendRef.current = send;

  const seek = useCallback(
    (ms: number) => {
      const el = audioRef.current;
      if (!el || !permsRef.current.seek) return;
      const to = clampPositionMs(ms, elementDurationMs(el) ?? durationRef.current);
      el.currentTime = to / 1000;
      setPositionMs(to);
    },
    [audioRef, setPositionMs],
  );

  /** One rewind or forward step: 500 ms while playing, 1100 ms paused (spec 01 §9). */
  const step = useCallback(
    (direction: -1 | 1) => {
      const el = audioRef.current;
      if (!el) return;
      const to = clampPositionMs(
        el.currentTime * 1000 + direction * currentStepMs(modelRef.current),
        elementDurationMs(el) ?? durationRef.current,
      );
      el.currentTime = to / 1000;
      setPositionMs(to);
    },
    [audioRef, setPositionMs],
  );

  const play = useCallback(() => {
    const el = audioRef.current;
    if (!el || !permsRef.current.play) return;
    if (modelRef.current.state === 'paused') {
      const at = el.currentTime * 1000;
      const from = resumePositionMs(at, pausedAtRef.current, prefsRef.current.autoRewindMs);
      if (from !== at) {
        el.currentTime = from / 1000;
        setPositionMs(from);
      }
    }
    pausedAtRef.current = null;
    send({ type: 'play' });
  }, [audioRef, send, setPositionMs]);

  const pause = useCallback(() => {
    if (permsRef.current.play) send({ type: 'pause' });
  }, [send]);

  const toggle = useCallback(() => {
    if (shouldPlay(modelRef.current)) pause();
    else play();
  }, [play, pause]);

  const stop = useCallback(() => {
    const el = audioRef.current;
    if (!el || !permsRef.current.stop) return;
    send({ type: 'stop' });
    el.currentTime = 0;
    setPositionMs(0);
  }, [audioRef, send, setPositionMs]);

  const holdStart = useCallback(
    (hold: AudioHold) => {
      const perms = permsRef.current;
      if (hold === 'fastForward') {
        if (!perms.forwards || fastForwardHeld.current) return;
        fastForwardHeld.current = true;
        send({ type: 'fastForwardStart' });
        return;
      }
      if (hold === 'rewind' ? !perms.backwards : !perms.forwards) return;
      holds.start(hold, repeatIntervalMs(hold), () => step(hold === 'rewind' ? -1 : 1));
    },
    [holds, send, step],
  );

  const holdEnd = useCallback(
    (hold: AudioHold) => {
      if (hold !== 'fastForward') {
        holds.stop(hold);
        return;
      }
      if (!fastForwardHeld.current) return;
      fastForwardHeld.current = false;
      send({ type: 'fastForwardEnd' });
    },
    [holds, send],
  );

  const setVolume = useCallback((volume: number) => {
    if (permsRef.current.volume) updateAudioPrefs({ volume: clampVolume(volume) });
  }, []);
  const setSpeed = useCallback((speed: number) => void updateAudioPrefs({ speed }), []);
  const setAutoRewind = useCallback((ms: number) => void updateAudioPrefs({ autoRewindMs: ms }), []);

  // The keys and pedals reach this player through the bus; the latest callbacks answer them.
  const handleRef = useRef<(command: AudioCommand) => void>(() => {});
  handleRef.current = (command: AudioCommand) => {
    switch (command.type) {
      case 'play':
        return play();
      case 'pause':
        return pause();
      case 'togglePlay':
        return toggle();
      case 'holdStart':
        return holdStart(command.hold);
      case 'holdEnd':
        return holdEnd(command.hold);
      case 'volume':
        return setVolume(prefsRef.current.volume + command.delta);
    }
  };
  const [busPlayer] = useState<BusPlayer>(() => ({
    handle: (command) => handleRef.current(command),
    releaseHolds: () => {
      holds.stopAll();
      handleRef.current({ type: 'holdEnd', hold: 'fastForward' });
    },
  }));
  useEffect(() => registerPlayer(busPlayer), [busPlayer]);
  const activate = useCallback(() => activatePlayer(busPlayer), [busPlayer]);

  // The element's events that the machine follows.
  useEffect(() => {
    const el = audioRef.current;
    if (!el) return;
    const handlers: Record<string, () => void> = {
      waiting: () => send({ type: 'waiting' }),
      playing: () => send({ type: 'ready' }),
      canplay: () => send({ type: 'ready' }),
      ended: () => send({ type: 'ended' }),
      // Media events are queued: a play or pause event whose element has since changed its mind
      // (play() then pause() in quick succession) is stale and must not restart or stop it.
      pause: () => {
        if (el.paused) send({ type: 'elementPaused' });
      },
      play: () => {
        if (!el.paused) send({ type: 'elementPlayed' });
      },
      // Loading resets the rate to the default one; a recording this page played before goes on
      // where it was (the player is rebuilt on Transcribe and on save).
      loadedmetadata: () => {
        el.playbackRate = playbackRate(modelRef.current, prefsRef.current.speed);
        const resumeAt = takePosition(el.getAttribute('src') ?? '');
        if (resumeAt > 0 && el.currentTime === 0) {
          el.currentTime = resumeAt;
          setPositionMs(resumeAt * 1000);
        }
      },
      error: () => {
        setFailed(true);
        send({ type: 'stop' });
      },
    };
    for (const [type, handler] of Object.entries(handlers)) el.addEventListener(type, handler);
    return () => {
      for (const [type, handler] of Object.entries(handlers)) el.removeEventListener(type, handler);
    };
  }, [audioRef, send, setPositionMs]);

  // Volume and speed follow the stored settings.
  useEffect(() => {
    const el = audioRef.current;
    if (el) el.volume = prefs.volume;
  }, [audioRef, prefs.volume]);
  useEffect(() => {
    const el = audioRef.current;
    if (!el) return;
    el.defaultPlaybackRate = prefs.speed;
    el.playbackRate = playbackRate(modelRef.current, prefs.speed);
  }, [audioRef, prefs.speed]);

  // Leaving: no hold keeps stepping and a removed element does not play on.
  useEffect(() => {
    const el = audioRef.current;
    return () => {
      holds.stopAll();
      if (el) rememberPosition(el.getAttribute('src') ?? '', el.currentTime);
      if (el && !el.paused) el.pause();
    };
  }, [audioRef, holds]);

  return {
    model,
    positionMs,
    durationMs,
    bufferedMs,
    failed,
    prefs,
    play,
    pause,
    toggle,
    stop,
    seek,
    holdStart,
    holdEnd,
    setVolume,
    setSpeed,
    setAutoRewind,
    activate,
  };
}
