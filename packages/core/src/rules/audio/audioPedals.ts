import type { AudioCommand } from './audioKeys.js';

/**
 * USB foot pedals read through WebHID (beyond the spec; the spec's pedals send F13–F16 keys).
 *
 * Best effort: the ids and report layouts below are the ones these devices are documented or
 * widely reported to use; a pedal that reports differently is not recognised and still works in
 * its keyboard mode (F13–F16).
 * - VEC Infinity IN-USB-1/IN-USB-2: vendor 0x05f3, product 0x00ff; input report byte 0 has the
 *   left pedal in bit 0, middle in bit 1, right in bit 2.
 * - Philips ACC 2310 / ACC 2320 foot controls: vendor 0x0911 (Speech Processing Solutions),
 *   product 0x1844; ACC 2330: product 0x091a. Byte 0: rewind (left) bit 0, play (middle) bit 1,
 *   forward (right) bit 2; bit 3 (the fourth pedal of some models) is ignored.
 */
export interface FootPedalModel {
  name: string;
  vendorId: number;
  productId: number;
}

export const FOOT_PEDAL_MODELS: readonly FootPedalModel[] = [
  { name: 'VEC Infinity', vendorId: 0x05f3, productId: 0x00ff },
  { name: 'Philips ACC 2310/2320', vendorId: 0x0911, productId: 0x1844 },
  { name: 'Philips ACC 2330', vendorId: 0x0911, productId: 0x091a },
];

/** The filters for `navigator.hid.requestDevice`. */
export function footPedalFilters(): { vendorId: number; productId: number }[] {
  return FOOT_PEDAL_MODELS.map(({ vendorId, productId }) => ({ vendorId, productId }));
}

/** The model of a HID device, if it is one of ours. */
export function footPedalModel(device: { vendorId: number; productId: number }): FootPedalModel | undefined {
  return FOOT_PEDAL_MODELS.find((m) => m.vendorId === device.vendorId && m.productId === device.productId);
}

/** The three pedals as bits of the first byte of an input report. */
export const PEDAL_BITS = { left: 1 << 0, middle: 1 << 1, right: 1 << 2 } as const;
const PEDAL_MASK = PEDAL_BITS.left | PEDAL_BITS.middle | PEDAL_BITS.right;

/** The pressed pedals of an input report (its first byte); an empty report is none. */
export function pedalMask(report: DataView): number {
  return report.byteLength > 0 ? report.getUint8(0) & PEDAL_MASK : 0;
}

/**
 * What a change of pressed pedals means, in the order the pedals are read (left, middle, right):
 * left = rewind while held (like F13), middle = play while held and pause on release (like F14 /
 * F16), right = fast-forward while held (like F15).
 */
export function pedalCommands(previous: number, next: number): AudioCommand[] {
  const commands: AudioCommand[] = [];
  const changed = previous ^ next;
  if (changed & PEDAL_BITS.left)
    commands.push({ type: next & PEDAL_BITS.left ? 'holdStart' : 'holdEnd', hold: 'rewind' });
  if (changed & PEDAL_BITS.middle) commands.push({ type: next & PEDAL_BITS.middle ? 'play' : 'pause' });
  if (changed & PEDAL_BITS.right)
    commands.push({ type: next & PEDAL_BITS.right ? 'holdStart' : 'holdEnd', hold: 'fastForward' });
  return commands;
}
