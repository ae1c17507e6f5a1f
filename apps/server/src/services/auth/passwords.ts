import { hash, verify } from '@node-rs/argon2';

/** argon2id with the library's defaults (m=19 MiB, t=2, p=1: OWASP's minimum). */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

// Verifying against this when the user does not exist keeps the answer time the same, so timing
// does not reveal which user names exist.
let dummyHash: Promise<string> | undefined;

/** True when the password matches the stored hash; a missing hash never matches. */
export async function checkPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  try {
    dummyHash ??= hash('no user has this password');
    const ok = await verify(stored ?? (await dummyHash), password);
    return Boolean(stored) && ok;
  } catch {
    return false;
  }
}
