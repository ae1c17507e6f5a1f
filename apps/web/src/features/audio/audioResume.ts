/**
 * Where each dictation was when its player went away, so that the player the page mounts next for
 * the same recording goes on from there (issue 39: Transcribe, and every save, rebuild the
 * document area and its docked player; the audio went back to 0:00). Kept in memory for this tab
 * only, for the last few recordings.
 */
const positions = new Map<string, number>();
const KEPT = 20;

/** Notes where the recording `src` stands, in seconds, as its player is removed. */
export function rememberPosition(src: string, seconds: number): void {
  positions.delete(src);
  if (!(seconds > 0)) return;
  positions.set(src, seconds);
  if (positions.size > KEPT) positions.delete(positions.keys().next().value as string);
}

/** Where the recording `src` stood when its last player was removed (0 if nowhere); forgotten then. */
export function takePosition(src: string): number {
  const seconds = positions.get(src) ?? 0;
  positions.delete(src);
  return seconds;
}

/** Forgets every position (tests: each starts with players that never played). */
export function forgetPositions(): void {
  positions.clear();
}
