import { type RefObject, useEffect, useState } from 'react';

/** Re-renders for the moving position at most this often. */
const POSITION_PAINT_MS = 50;

/** The element's duration in ms, when it knows one. */
export function elementDurationMs(el: HTMLMediaElement): number | null {
  return Number.isFinite(el.duration) && el.duration > 0 ? el.duration * 1000 : null;
}

/**
 * Where an `<audio>` element is, for the position bar: the position (smooth while playing —
 * `timeupdate` alone moves in quarter-second steps), the duration once the element knows it, and
 * how far it has loaded from the position on.
 */
export function useMediaTimeline(audioRef: RefObject<HTMLAudioElement | null>, playing: boolean) {
  const [positionMs, setPositionMs] = useState(0);
  const [durationMs, setDurationMs] = useState<number | null>(null);
  const [bufferedMs, setBufferedMs] = useState(0);

  useEffect(() => {
    const el = audioRef.current;
    if (!el) return;
    const paint = () => setPositionMs(el.currentTime * 1000);
    const duration = () => setDurationMs(elementDurationMs(el));
    const buffered = () => {
      const t = el.currentTime;
      for (let i = 0; i < el.buffered.length; i++) {
        if (el.buffered.start(i) <= t + 0.05 && el.buffered.end(i) >= t) {
          setBufferedMs(el.buffered.end(i) * 1000);
          return;
        }
      }
      setBufferedMs(t * 1000);
    };
    const handlers: Record<string, () => void> = {
      timeupdate: paint,
      seeked: paint,
      progress: buffered,
      durationchange: duration,
      loadedmetadata: duration,
    };
    for (const [type, handler] of Object.entries(handlers)) el.addEventListener(type, handler);
    return () => {
      for (const [type, handler] of Object.entries(handlers)) el.removeEventListener(type, handler);
    };
  }, [audioRef]);

  useEffect(() => {
    const el = audioRef.current;
    if (!playing || !el || typeof requestAnimationFrame !== 'function') return;
    let frame = 0;
    let painted = -Infinity;
    const tick = () => {
      const at = el.currentTime * 1000;
      if (Math.abs(at - painted) >= POSITION_PAINT_MS) {
        painted = at;
        setPositionMs(at);
      }
      frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [audioRef, playing]);

  return { positionMs, setPositionMs, durationMs, bufferedMs };
}
