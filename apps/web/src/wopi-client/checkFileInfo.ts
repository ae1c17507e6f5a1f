/**
 * The CheckFileInfo fields the page uses (WOPI; the rest are ignored). Read by hand rather than with
 * a zod schema: zod would be a third of the page's first download, for nine fields.
 */
export interface CheckFileInfo {
  BaseFileName: string;
  Size: number;
  Version?: string;
  UserCanWrite: boolean;
  ReadOnly: boolean;
  SupportsLocks: boolean;
  SupportsUpdate: boolean;
  UserFriendlyName?: string;
  PostMessageOrigin?: string;
}

/** Strings are bounded, so an odd answer cannot grow the page's memory. */
const MAX_TEXT = 1024;

function text(value: unknown): string | undefined {
  if (typeof value === 'number') return String(value);
  return typeof value === 'string' && value.length <= MAX_TEXT ? value : undefined;
}

/** WOPI booleans are false when missing. */
function flag(value: unknown): boolean {
  return value === true;
}

/** CheckFileInfo's answer, or null when it lacks BaseFileName or a whole, non-negative Size. */
export function readCheckFileInfo(json: unknown): CheckFileInfo | null {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return null;
  const o = json as Record<string, unknown>;
  const name = typeof o.BaseFileName === 'string' ? text(o.BaseFileName) : undefined;
  const size = o.Size;
  if (name === undefined || typeof size !== 'number' || !Number.isSafeInteger(size) || size < 0) return null;
  const info: CheckFileInfo = {
    BaseFileName: name,
    Size: size,
    UserCanWrite: flag(o.UserCanWrite),
    ReadOnly: flag(o.ReadOnly),
    SupportsLocks: flag(o.SupportsLocks),
    SupportsUpdate: flag(o.SupportsUpdate),
  };
  const version = text(o.Version);
  if (version !== undefined) info.Version = version;
  const userName = typeof o.UserFriendlyName === 'string' ? text(o.UserFriendlyName) : undefined;
  if (userName !== undefined) info.UserFriendlyName = userName;
  const origin = typeof o.PostMessageOrigin === 'string' ? text(o.PostMessageOrigin) : undefined;
  if (origin !== undefined) info.PostMessageOrigin = origin;
  return info;
}
