import { vi } from 'vitest';

/**
 * jsdom has HTMLMediaElement without playback: play() and pause() only log "not implemented",
 * `paused` is always true and there is no duration. This stands in for playback in unit tests:
 * play/pause switch `paused` and send the events a browser sends, `currentTime` is kept (within
 * the duration), and `canPlayType` answers for the given content types. Time does not pass by
 * itself; `advance` moves it.
 */
export interface FakeMedia {
  play: ReturnType<typeof vi.fn>;
  pause: ReturnType<typeof vi.fn>;
  /** Moves the playing position on, as playback would. */
  advance(el: HTMLMediaElement, seconds: number): void;
  /** The element fires `waiting` (out of data). */
  starve(el: HTMLMediaElement): void;
  restore(): void;
}

interface MediaState {
  paused: boolean;
  time: number;
  duration: number;
}

const KEYS = ['paused', 'duration', 'currentTime', 'play', 'pause', 'canPlayType', 'load'] as const;

export function installFakeMedia({
  canPlay = ['audio/ogg; codecs=opus', 'audio/wav'],
  durationSeconds = 40,
}: {
  canPlay?: string[];
  durationSeconds?: number;
} = {}): FakeMedia {
  const proto = HTMLMediaElement.prototype;
  const saved = KEYS.map((k) => [k, Object.getOwnPropertyDescriptor(proto, k)] as const);
  const states = new WeakMap<HTMLMediaElement, MediaState>();
  const of = (el: HTMLMediaElement): MediaState => {
    let s = states.get(el);
    if (!s) {
      s = { paused: true, time: 0, duration: durationSeconds };
      states.set(el, s);
    }
    return s;
  };
  Object.defineProperty(proto, 'paused', {
    configurable: true,
    get(this: HTMLMediaElement) {
      return of(this).paused;
    },
  });
  Object.defineProperty(proto, 'duration', {
    configurable: true,
    get(this: HTMLMediaElement) {
      return of(this).duration;
    },
  });
  Object.defineProperty(proto, 'currentTime', {
    configurable: true,
    get(this: HTMLMediaElement) {
      return of(this).time;
    },
    set(this: HTMLMediaElement, value: number) {
      const s = of(this);
      s.time = Math.min(Math.max(0, value), s.duration);
      this.dispatchEvent(new Event('timeupdate'));
    },
  });
  const play = vi.fn(function (this: HTMLMediaElement) {
    const s = of(this);
    if (s.paused) {
      s.paused = false;
      this.dispatchEvent(new Event('play'));
      this.dispatchEvent(new Event('playing'));
    }
    return Promise.resolve();
  });
  const pause = vi.fn(function (this: HTMLMediaElement) {
    const s = of(this);
    if (!s.paused) {
      s.paused = true;
      this.dispatchEvent(new Event('pause'));
    }
  });
  Object.defineProperty(proto, 'play', { configurable: true, writable: true, value: play });
  Object.defineProperty(proto, 'pause', { configurable: true, writable: true, value: pause });
  Object.defineProperty(proto, 'canPlayType', {
    configurable: true,
    writable: true,
    value: (type: string) => (canPlay.includes(type) ? 'probably' : ''),
  });
  Object.defineProperty(proto, 'load', { configurable: true, writable: true, value: () => {} });
  return {
    play,
    pause,
    advance(el, seconds) {
      el.currentTime = el.currentTime + seconds;
    },
    starve(el) {
      el.dispatchEvent(new Event('waiting'));
    },
    restore() {
      for (const [key, descriptor] of saved) {
        if (descriptor) Object.defineProperty(proto, key, descriptor);
        else delete (proto as unknown as Record<string, unknown>)[key];
      }
    },
  };
}
