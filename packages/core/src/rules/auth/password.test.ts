import { describe, expect, it } from 'vitest';
import { PASSWORD_RULES, passwordProblem } from './password.js';

const common = new Set(['password', 'qwerty123456', 'iloveyou', 'sunshine']);
const isCommon = (p: string) => common.has(p);
const check = (p: string, username = 'jdoe') => passwordProblem(p, { username }, isCommon);

describe('passwordProblem (NIST SP 800-63B)', () => {
  it('takes 12 to 128 characters, counted as the user sees them', () => {
    expect(check('Bc9!xYz_q1a')).toBe('tooShort');
    expect(check('river stone lamp')).toBeNull();
    expect(check('😀😀😀😀😀😀 tea pot')).toBeNull();
    expect(check('𝄞'.repeat(5) + 'x'.repeat(PASSWORD_RULES.minLength - 6))).toBe('tooShort');
    expect(check('w'.repeat(64) + 'z'.repeat(64))).toBeNull();
    expect(check('w'.repeat(64) + 'z'.repeat(65))).toBe('tooLong');
  });

  it('refuses one character or one short run repeated', () => {
    expect(check('aaaaaaaaaaaa')).toBe('repetitive');
    expect(check('abcabcabcabc')).toBe('repetitive');
    expect(check('Ab1!Ab1!Ab1!')).toBe('repetitive');
    expect(check('abcdeabcdeab')).toBeNull();
  });

  it('refuses a run of sequential characters, up or down, digits wrapping at 9', () => {
    expect(check('123456789012')).toBe('sequential');
    expect(check('lkjihgfedcba')).toBe('sequential');
    expect(check('abcdefghijkm')).toBeNull();
  });

  it('refuses a password containing the user name or a part of it', () => {
    expect(check('my jdoe password', 'jdoe')).toBe('containsName');
    expect(check('Maria-quill-2026', 'maria.lopez')).toBe('containsName');
    expect(check('blue lamp at ward', 'al')).toBeNull();
  });

  it('refuses a common password, also with digits or symbols added at its end, in any case', () => {
    expect(check('QWERTY123456')).toBe('common');
    expect(check('Password1234!')).toBe('common');
    expect(check('sunshine2026')).toBe('common');
    expect(check('sunshine on the ward')).toBeNull();
    expect(passwordProblem('Password1234!', { username: 'x' })).toBeNull();
  });
});
