import { message } from '../../i18n/format.js';

/**
 * What a new password must be (issue 26; NIST SP 800-63B §5.1.1.2, "memorized secrets"): at least
 * 12 characters, at most 128 (any printable character, spaces included; no composition rules),
 * not a password from a list of commonly used or breached ones, not one character or one short
 * run repeated, not a run of sequential characters, and not containing the user name. Shared by
 * My Profile (as the user types and on the server), the set-password link and `npm run users`.
 */
export const PASSWORD_RULES = {
  minLength: 12,
  maxLength: 128,
  /** The shortest name part that counts as "contains the user name". */
  minNamePart: 4,
} as const;

export type PasswordProblem =
  | 'tooShort'
  | 'tooLong'
  | 'common'
  | 'repetitive'
  | 'sequential'
  | 'containsName';

/** Whether `lowerCased` (a password in lower case) is on the list of common passwords. */
export type CommonPasswordList = (lowerCased: string) => boolean;

/** A password made of one short run (1 to 4 characters) written again and again: "aaaaaaaaaaaa", "abcabcabcabc". */
function isRepetitive(p: string): boolean {
  for (let unit = 1; unit <= 4; unit++) {
    if (p.length % unit !== 0 || p.length / unit < 3) continue;
    if (p === p.slice(0, unit).repeat(p.length / unit)) return true;
  }
  return false;
}

/** A password whose characters each follow the one before by the same step of 1 up or down: "123456789012", "lkjihgfedcba". */
function isSequential(p: string): boolean {
  const cp = [...p].map((c) => c.codePointAt(0)!);
  const step = (i: number) => {
    const d = cp[i]! - cp[i - 1]!;
    // 0 follows 9 in a digit run ("…7890123").
    return cp[i - 1] === 57 && cp[i] === 48 ? 1 : cp[i - 1] === 48 && cp[i] === 57 ? -1 : d;
  };
  const first = step(1);
  if (first !== 1 && first !== -1) return false;
  for (let i = 2; i < cp.length; i++) if (step(i) !== first) return false;
  return true;
}

/**
 * The first problem of a new password, or null when it may be used. `isCommon` is the list of
 * common passwords (the server ships it; the browser checks the rest as the user types). A common
 * password with digits or symbols added at its end ("password1234!") counts as common.
 */
export function passwordProblem(
  password: string,
  context: { username: string },
  isCommon?: CommonPasswordList,
): PasswordProblem | null {
  const length = [...password].length;
  if (length < PASSWORD_RULES.minLength) return 'tooShort';
  if (length > PASSWORD_RULES.maxLength) return 'tooLong';
  const lower = password.toLowerCase();
  if (isRepetitive(lower)) return 'repetitive';
  if (isSequential(lower)) return 'sequential';
  const name = context.username.trim().toLowerCase();
  const nameParts = [name, ...name.split(/[^a-z0-9]+/)].filter((n) => n.length >= PASSWORD_RULES.minNamePart);
  if (nameParts.some((n) => lower.includes(n))) return 'containsName';
  if (isCommon) {
    const stem = lower.replace(/[^a-z]+$/, '');
    if (isCommon(lower) || (stem.length >= 6 && isCommon(stem))) return 'common';
  }
  return null;
}

/** What to tell the user about a password problem (the catalogue's words, with the limits filled in). */
export function passwordProblemText(problem: PasswordProblem): string {
  return message(`profile.passwordProblems.${problem}`, {
    min: PASSWORD_RULES.minLength,
    max: PASSWORD_RULES.maxLength,
  });
}
