import { type AudioCommand, audioKeyCommand } from '@quill/core/rules/audio/audioKeys';

/**
 * Routes the player's keys and foot-pedal presses to one player. Several players may be on the
 * page (two expanded rows in the job list); the keys drive the one used last — the one last
 * clicked or focused, else the one opened last.
 *
 * The keys are read by one document-level listener in the capture phase, so they work whatever
 * has focus (a text editor included) and reach the player before the focused element: a key that
 * is the player's is stopped there (`preventDefault` + `stopPropagation`), so it never types into
 * an editor, scrolls, or triggers the page's own shortcuts. Listeners on the document itself (the
 * session's activity tracker) still see it. Without a player on the page nothing listens.
 */

/** A player as the bus knows it. */
export interface BusPlayer {
  /** Applies a command from a key or a pedal. */
  handle(command: AudioCommand): void;
  /** Ends every hold (the window lost focus: the key-up may never come). */
  releaseHolds(): void;
}

const players: BusPlayer[] = [];
let listening: Document | null = null;

function active(): BusPlayer | undefined {
  return players.at(-1);
}

function onKey(event: KeyboardEvent): void {
  const player = active();
  if (!player) return;
  const result = audioKeyCommand(event, event.type === 'keydown' ? 'down' : 'up');
  if (!result) return;
  if (result.consume) {
    event.preventDefault();
    event.stopPropagation();
  }
  if (result.command) deliver(player, result.command);
}

/** A hold ends in every player (the active one may have changed since it started); the rest go to one. */
function deliver(player: BusPlayer, command: AudioCommand): void {
  if (command.type === 'holdEnd') for (const p of [...players]) p.handle(command);
  else player.handle(command);
}

function onBlur(): void {
  for (const p of players) p.releaseHolds();
}

function listen(doc: Document): void {
  if (listening) return;
  listening = doc;
  doc.addEventListener('keydown', onKey, true);
  doc.addEventListener('keyup', onKey, true);
  doc.defaultView?.addEventListener('blur', onBlur);
}

function unlisten(): void {
  if (!listening) return;
  listening.removeEventListener('keydown', onKey, true);
  listening.removeEventListener('keyup', onKey, true);
  listening.defaultView?.removeEventListener('blur', onBlur);
  listening = null;
}

/** Adds a player (it becomes the active one). Answers a function that removes it again. */
export function registerPlayer(player: BusPlayer, doc: Document = document): () => void {
  players.push(player);
  listen(doc);
  return () => {
    const at = players.indexOf(player);
    if (at >= 0) players.splice(at, 1);
    if (players.length === 0) unlisten();
  };
}

/** Makes a registered player the one the keys and pedals drive. */
export function activatePlayer(player: BusPlayer): void {
  const at = players.indexOf(player);
  if (at < 0 || at === players.length - 1) return;
  players.splice(at, 1);
  players.push(player);
}

/** True when this player is the one the keys drive. */
export function isActivePlayer(player: BusPlayer): boolean {
  return active() === player;
}

/** Sends a command to the active player (the foot pedal's way in). */
export function sendToActivePlayer(command: AudioCommand): boolean {
  const player = active();
  if (!player) return false;
  deliver(player, command);
  return true;
}
