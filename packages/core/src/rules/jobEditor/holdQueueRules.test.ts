import { describe, expect, it } from 'vitest';
import { applyWorkTypeToRecipients } from '../recipients/workTypeRecipients.js';
import { evaluateHoldQueueRules, type HoldQueueFacts, namesAgree } from './holdQueueRules.js';
import { SAVE_MODES } from './saveOptions.js';
import { distributionStage, saveOutcome } from './saveOutcome.js';

const rules = [
  { code: 'HQ01', description: 'mandatory', kind: 'missingMandatoryAdt', params: { fields: ['PID.5.1'] } },
  { code: 'HQ02', description: 'count', kind: 'addresseeCount', params: {} },
  { code: 'HQ03', description: 'dictator', kind: 'noDictator', params: {} },
  { code: 'HQ04', description: 'empty', kind: 'emptySection', params: {} },
  { code: 'HQ05', description: 'name', kind: 'patientNameMismatch', params: {} },
  { code: 'HQ09', description: 'unknown', kind: 'somethingElse', params: {} },
];
const good: HoldQueueFacts = {
  adt: { 'PID.5.1': 'Lovelace', 'PID.5.2': 'Ada' },
  mandatoryFields: [],
  addresseeCount: 1,
  workType: { enableAddressee: true, minAddressees: 1, maxAddressees: 2 },
  hasDictator: true,
  document: { patientName: 'Ms Ada  Lovelace', sections: [{ title: 'Plan', text: 'Rest.' }] },
};
const fired = (facts: HoldQueueFacts) =>
  evaluateHoldQueueRules(rules, facts)
    .filter((r) => r.isTriggered)
    .map((r) => r.ruleCode);

describe('hold-queue rules', () => {
  it('passes a complete job and answers one row per rule in order', () => {
    const rows = evaluateHoldQueueRules(rules, good);
    expect(rows.map((r) => r.ruleCode)).toEqual(['HQ01', 'HQ02', 'HQ03', 'HQ04', 'HQ05', 'HQ09']);
    expect(rows[0]).toEqual({
      ruleCode: 'HQ01',
      ruleDescription: 'mandatory',
      isTriggered: false,
      isIdentity: false,
    });
    expect(rows.filter((r) => r.isIdentity).map((r) => r.ruleCode)).toEqual(['HQ05']);
    expect(fired(good)).toEqual([]);
  });
  it('triggers each kind on its own fault', () => {
    expect(fired({ ...good, adt: { 'PID.5.1': ' ', 'PID.5.2': 'Ada' } })).toEqual(['HQ01']);
    expect(fired({ ...good, addresseeCount: 0 })).toEqual(['HQ02']);
    expect(fired({ ...good, addresseeCount: 3 })).toEqual(['HQ02']);
    expect(
      fired({ ...good, workType: { enableAddressee: false, minAddressees: 3, maxAddressees: null } }),
    ).toEqual([]);
    expect(fired({ ...good, hasDictator: false })).toEqual(['HQ03']);
    expect(
      fired({ ...good, document: { patientName: 'Ada Lovelace', sections: [{ title: 'A', text: ' ' }] } }),
    ).toEqual(['HQ04']);
    expect(fired({ ...good, document: { patientName: 'Grace Hopper', sections: [] } })).toEqual(['HQ05']);
  });
  it('uses the facility’s mandatory fields when the rule names none, and skips what it cannot know', () => {
    const r = [{ code: 'M', description: 'm', kind: 'missingMandatoryAdt', params: {} }];
    expect(evaluateHoldQueueRules(r, { ...good, mandatoryFields: ['PID.7.1'] })[0]!.isTriggered).toBe(true);
    expect(fired({ ...good, document: null, workType: null })).toEqual([]);
  });
  it('compares names by words, ignoring order, case and accents', () => {
    expect(namesAgree('LOVELACE, Ádá', ['Lovelace', 'Ada'])).toBe(true);
    expect(namesAgree('Ada Byron', ['Lovelace', 'Ada'])).toBe(false);
  });
});

describe('save modes', () => {
  const base = {
    currentStageId: 410,
    fromStageId: 3,
    anyTriggered: false,
    needsSignature: false,
    distributionMethods: ['fax'],
  };
  it('moves the job as spec 02 §4 says', () => {
    expect(saveOutcome({ ...base, mode: SAVE_MODES.saveOnly })).toMatchObject({
      stageId: 410,
      keepBooking: true,
    });
    expect(saveOutcome({ ...base, mode: SAVE_MODES.moveOn, anyTriggered: true })).toMatchObject({
      stageId: 8,
      flags: 'clear',
    });
    expect(
      saveOutcome({ ...base, mode: SAVE_MODES.moveOn, fromStageId: 2, anyTriggered: true }).stageId,
    ).toBe(3);
    expect(saveOutcome({ ...base, mode: SAVE_MODES.moveOn, needsSignature: true }).stageId).toBe(11);
    expect(saveOutcome({ ...base, mode: SAVE_MODES.hold })).toMatchObject({ stageId: 3, draftCopy: false });
    expect(saveOutcome({ ...base, mode: SAVE_MODES.recheck, anyTriggered: true }).stageId).toBe(3);
    expect(saveOutcome({ ...base, mode: SAVE_MODES.recheck }).stageId).toBe(8);
    expect(saveOutcome({ ...base, mode: SAVE_MODES.draft })).toMatchObject({ stageId: 3, draftCopy: true });
    expect(saveOutcome({ ...base, mode: SAVE_MODES.finish })).toMatchObject({
      stageId: 13,
      keepBooking: false,
    });
  });
  it('picks the distribution stage from the recipients’ methods', () => {
    expect(distributionStage([])).toBe(9);
    expect(distributionStage(['fax', 'print'])).toBe(9);
    expect(distributionStage(['electronic', 'fax'])).toBe(8);
    expect(distributionStage(['electronic'])).toBe(10);
  });
});

describe('work type change', () => {
  it('turns addressees into carbon copies and drops the patient when the work type says so', () => {
    const list = [
      { id: 1, isAddressee: true, isPatient: false, removed: false },
      { id: 2, isAddressee: true, isPatient: true, removed: false },
    ];
    expect(
      applyWorkTypeToRecipients(list, { enableAddressee: false, allowPatientAsRecipient: false }),
    ).toEqual([{ id: 1, isAddressee: false, isPatient: false, removed: false }]);
    expect(applyWorkTypeToRecipients(list, { enableAddressee: true, allowPatientAsRecipient: true })).toEqual(
      list,
    );
  });
});
