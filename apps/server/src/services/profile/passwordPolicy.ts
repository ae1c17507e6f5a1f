import { passwordProblem } from '@quill/core';
import { dictionary } from '@zxcvbn-ts/language-common';

let list: Set<string> | undefined;

/**
 * Whether a password (in lower case) is on the list of commonly used and breached passwords that
 * ships with Quill: zxcvbn-ts's common list (MIT, about 49,000 passwords ranked by how often they
 * were found in breaches). Read once, on first use.
 */
export function isCommonPassword(lowerCased: string): boolean {
  list ??= new Set((dictionary['passwords-common'] as string[]).map((p) => p.toLowerCase()));
  return list.has(lowerCased);
}

/** The first problem of a new password for `username` (rules/auth/password.ts with the shipped common list), or null. */
export function newPasswordProblem(password: string, username: string) {
  return passwordProblem(password, { username }, isCommonPassword);
}
