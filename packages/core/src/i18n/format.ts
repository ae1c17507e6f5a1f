import { enUS } from './enUS.js';

type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];

/** A dotted key of the en-US catalogue, e.g. `health.failedToast`. */
export type MessageKey = Leaves<typeof enUS>;

/** Looks up a catalogue message and fills its `{{name}}` placeholders (server side and tests). */
export function message(key: MessageKey, values: Record<string, string | number> = {}): string {
  let node: unknown = enUS;
  for (const part of key.split('.')) node = (node as Record<string, unknown>)[part];
  if (typeof node !== 'string') throw new Error(`Unknown message key ${key}`);
  return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? `{{${name}}}`));
}
