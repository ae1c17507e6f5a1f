import { PhysicianSchema } from '@quill/core/contract/job';
import { FAX_DIGITS_ONLY } from '@quill/core/contract/physician';
import { describe, expect, it } from 'vitest';
import { physician } from '../details/testing';
import { detailsOf, formErrors, formOf, hasLastName, physicianOf, savedName } from './physicianDetails';

describe('the Physician modal form (spec 02 §2, §5)', () => {
  it('fills every field from a physician, empty text for none', () => {
    const form = formOf(physician());
    expect(form).toMatchObject({
      firstName: 'Grace',
      lastName: 'Hopper',
      accessCode: 'GH7',
      addressLine2: '',
    });
    expect(Object.values(formOf()).every((v) => v === '')).toBe(true);
  });

  it('sends trimmed, non-empty details; the access code only for Confirm and Save', () => {
    const form = { ...formOf(), firstName: ' Ann ', lastName: 'Lee', accessCode: ' AL9 ', fax: '  ' };
    expect(detailsOf(form, false)).toEqual({ firstName: 'Ann', lastName: 'Lee' });
    expect(detailsOf(form, true)).toEqual({ firstName: 'Ann', lastName: 'Lee', accessCode: 'AL9' });
  });

  it('requires a last name and names what is too long or holds a control character', () => {
    expect(hasLastName({ ...formOf(), lastName: '  ' })).toBe(false);
    expect(hasLastName({ ...formOf(), lastName: 'Lee' })).toBe(true);
    const errors = formErrors({ ...formOf(), lastName: 'L'.repeat(101), email: 'a\u0007b' });
    expect(errors.lastName).toBe('Last name may hold at most 100 characters');
    expect(errors.email).toMatch(/control character/);
    expect(formErrors(formOf(physician()))).toEqual({});
    // A fax number as written on a letterhead is not one a fax can be sent to (spec 01 §5).
    expect(formErrors({ ...formOf(), lastName: 'Lee', fax: '(973) 555-0188' }).fax).toBe(FAX_DIGITS_ONLY);
    expect(formErrors({ ...formOf(), lastName: 'Lee', fax: '973 555 0188' })).toEqual({});
  });

  it("names a saved physician '<first> <last>' and shows typed details as a physician", () => {
    expect(savedName({ firstName: 'Ann', lastName: 'Lee' })).toBe('Ann Lee');
    expect(savedName({ lastName: 'Lee' })).toBe('Lee');
    expect(physicianOf({ lastName: 'Lee', fax: '555' })).toMatchObject({
      userId: 0,
      userIdSpecified: false,
      lastName: 'Lee',
      fax: '555',
      firstName: null,
    });
    expect(physicianOf({ lastName: 'Lee' }, 31)).toMatchObject({ userId: 31, userIdSpecified: true });
    expect(PhysicianSchema.parse(physicianOf({ lastName: 'Lee' }))).toMatchObject({
      secureMessagingEnabled: false,
    });
  });
});
