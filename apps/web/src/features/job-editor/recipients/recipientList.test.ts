import type { RecipientInput } from '@quill/core/contract/job';
import { describe, expect, it } from 'vitest';
import { recipientInputsOf } from '../details/jobDataEdits';
import { physician, recipient } from '../details/testing';
import * as list from './recipientList';

const loaded = [
  recipient({ id: 100, auto: true }),
  recipient({ id: 101, userId: 8, firstName: 'Alan', lastName: 'Turing', isAddressee: false }),
];
const turing = physician({ userId: 9, firstName: 'Mary', lastName: 'Shelley' });

describe('the Recipients card list (spec 02 §4)', () => {
  const inputs: RecipientInput[] = [
    ...recipientInputsOf(loaded),
    list.physicianInput(turing, true),
    list.patientInput(false),
    { isAddressee: false, isPatient: false, removed: false, custom: { lastName: 'Lee', fax: '555' } },
  ];
  const views = list.recipientViews(inputs, loaded, new Map([[9, turing]]));

  it('shows loaded rows with their own data, added physicians from what the card knows, the patient and custom details', () => {
    expect(views.map((v) => v.physician.lastName)).toEqual(['Hopper', 'Turing', 'Shelley', null, 'Lee']);
    expect(views.map((v) => v.facts.auto)).toEqual([true, false, false, false, false]);
    expect(views[3]?.facts).toMatchObject({ isPatient: true, isAddressee: false });
    expect(views[4]?.facts).toMatchObject({ userId: 0, isAddressee: false });
    expect(views[4]?.physician.fax).toBe('555');
    // A physician the card does not know is still named by its user id.
    expect(list.recipientViews([list.physicianInput(turing, true)], [], new Map())[0]?.physician.userId).toBe(
      9,
    );
  });

  it('moves between addressees and carbon copies', () => {
    expect(list.movedRecipient(inputs, 1)[1]?.isAddressee).toBe(true);
    expect(list.movedRecipient(inputs, 0)[0]?.isAddressee).toBe(false);
  });

  it('flags an automatic entry removed and splices any other out; Restore brings it back', () => {
    const flagged = list.removedRecipient(inputs, views, 0);
    expect(flagged).toHaveLength(5);
    expect(flagged[0]).toMatchObject({ id: 100, removed: true });
    expect(list.restoredRecipient(flagged, 0)[0]).toMatchObject({ id: 100, removed: false });
    const spliced = list.removedRecipient(inputs, views, 4);
    expect(spliced).toHaveLength(4);
    expect(spliced.some((r) => r.custom)).toBe(false);
    expect(list.removedRecipient(inputs, views, 1).map((r) => r.id)).toEqual([
      100,
      undefined,
      undefined,
      undefined,
    ]);
  });
});
