import {
  footPedalFilters,
  footPedalModel,
  pedalCommands,
  pedalMask,
} from '@quill/core/rules/audio/audioPedals';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { sendToActivePlayer } from './audioBus';

/*
 * USB foot pedals through WebHID (beyond the spec), where the browser has it (Chromium-based
 * browsers, in a secure context, with the server's Permissions-Policy allowing `hid`). A pedal the
 * user connected once is opened again on the next visit without asking. Its presses go to the
 * active player through the audio bus, as the F13–F16 keys do. Without WebHID — or for a pedal
 * set up to type keys — the F13–F16 keys remain.
 */

/** The little of WebHID we use (lib.dom has no types for it yet). */
interface HidInputReportEvent extends Event {
  readonly device: HidDevice;
  readonly reportId: number;
  readonly data: DataView;
}

interface HidDevice extends EventTarget {
  readonly opened: boolean;
  readonly vendorId: number;
  readonly productId: number;
  readonly productName: string;
  open(): Promise<void>;
  close(): Promise<void>;
}

interface Hid extends EventTarget {
  getDevices(): Promise<HidDevice[]>;
  requestDevice(options: { filters: { vendorId: number; productId: number }[] }): Promise<HidDevice[]>;
}

/** `navigator.hid`, when the browser has WebHID. */
export function webHid(): Hid | undefined {
  return typeof navigator === 'undefined' ? undefined : (navigator as Navigator & { hid?: Hid }).hid;
}

export interface FootPedalState {
  supported: boolean;
  /** The connected pedal's name; null when none is. */
  connected: string | null;
}

let state: FootPedalState = { supported: false, connected: null };
let device: HidDevice | null = null;
let pressed = 0;
const listeners = new Set<() => void>();

function setState(next: FootPedalState): void {
  state = next;
  for (const l of [...listeners]) l();
}

function onReport(event: Event): void {
  const next = pedalMask((event as HidInputReportEvent).data);
  const commands = pedalCommands(pressed, next);
  pressed = next;
  for (const command of commands) sendToActivePlayer(command);
}

function onDisconnect(event: Event): void {
  if ((event as Event & { device?: HidDevice }).device !== device) return;
  releasePedals();
  device = null;
  setState({ ...state, connected: null });
}

/** Lifting every pedal (the pedal went away while held): no hold keeps running. */
function releasePedals(): void {
  for (const command of pedalCommands(pressed, 0))
    if (command.type === 'holdEnd') sendToActivePlayer(command);
  pressed = 0;
}

async function use(next: HidDevice): Promise<void> {
  if (device === next) return;
  if (!next.opened) await next.open();
  device?.removeEventListener('inputreport', onReport);
  device = next;
  pressed = 0;
  next.addEventListener('inputreport', onReport);
  setState({ ...state, connected: footPedalModel(next)?.name ?? next.productName });
}

let started = false;

/** Once per page: opens a pedal connected on an earlier visit and follows disconnections. */
function start(): void {
  const hid = webHid();
  if (started) return;
  started = true;
  if (!hid) return;
  setState({ ...state, supported: true });
  hid.addEventListener('disconnect', onDisconnect);
  void hid
    .getDevices()
    .then((devices) => devices.find((d) => footPedalModel(d)))
    .then((found) => (found ? use(found) : undefined))
    .catch(() => {});
}

/** Asks the user to pick a pedal (the browser's chooser, filtered to the known pedals). */
export async function connectFootPedal(): Promise<boolean> {
  const hid = webHid();
  if (!hid) return false;
  const [picked] = await hid.requestDevice({ filters: footPedalFilters() });
  if (!picked) return false;
  await use(picked);
  return true;
}

/** Closes the connected pedal. */
export async function disconnectFootPedal(): Promise<void> {
  const current = device;
  if (!current) return;
  releasePedals();
  current.removeEventListener('inputreport', onReport);
  device = null;
  setState({ ...state, connected: null });
  await current.close().catch(() => {});
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Tests: forget the pedal and whether WebHID was looked for. */
export function resetFootPedal(): void {
  device = null;
  pressed = 0;
  started = false;
  state = { supported: false, connected: null };
}

/** WebHID support, the connected pedal, and connect / disconnect. */
export function useFootPedal() {
  useEffect(start, []);
  const current = useSyncExternalStore(
    subscribe,
    () => state,
    () => state,
  );
  const connect = useCallback(() => connectFootPedal(), []);
  const disconnect = useCallback(() => disconnectFootPedal(), []);
  return { ...current, supported: current.supported || webHid() !== undefined, connect, disconnect };
}
