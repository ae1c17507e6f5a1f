import { describe, expect, it } from 'vitest';
import {
  DISTRIBUTION_METHODS,
  distributionProblem,
  isDistributionMethod,
  linkAllowed,
  type MergeCandidate,
  mergeRefusal,
} from './physicianDirectory.js';

const doc = (over: Partial<MergeCandidate> = {}): MergeCandidate => ({
  id: 1,
  disabled: false,
  mergedIntoId: null,
  clientFacilityId: 5,
  ...over,
});

describe('physician directory rules', () => {
  it('knows the three distribution methods', () => {
    expect(DISTRIBUTION_METHODS).toEqual(['fax', 'print', 'electronic']);
    expect(isDistributionMethod('print')).toBe(true);
    expect(isDistributionMethod('email')).toBe(false);
    expect(isDistributionMethod(3)).toBe(false);
  });

  it('sends by fax only with a fax number a fax can go to', () => {
    expect(distributionProblem('fax', '973 555 0188')).toBeNull();
    expect(distributionProblem('fax', null)).toBe('faxNeedsNumber');
    expect(distributionProblem('fax', '  ')).toBe('faxNeedsNumber');
    expect(distributionProblem('fax', '555-0188')).toBe('faxNeedsNumber');
    expect(distributionProblem('print', null)).toBeNull();
    expect(distributionProblem('electronic', undefined)).toBeNull();
  });

  it('merges a duplicate into another, enabled physician, once', () => {
    expect(mergeRefusal(doc(), doc({ id: 2 }))).toBeNull();
    expect(mergeRefusal(doc(), doc({ id: 2, disabled: true }))).toBeNull();
    expect(mergeRefusal(doc(), doc())).toBe('same');
    expect(mergeRefusal(doc({ disabled: true }), doc({ id: 2 }))).toBe('keptDisabled');
    expect(mergeRefusal(doc({ mergedIntoId: 9 }), doc({ id: 2 }))).toBe('keptDisabled');
    expect(mergeRefusal(doc(), doc({ id: 2, disabled: true, mergedIntoId: 7 }))).toBe('alreadyMerged');
  });

  it('never narrows a physician of every facility into one facility’s', () => {
    expect(mergeRefusal(doc(), doc({ id: 2, clientFacilityId: null }))).toBe('narrower');
    expect(mergeRefusal(doc({ clientFacilityId: null }), doc({ id: 2 }))).toBeNull();
    expect(mergeRefusal(doc({ clientFacilityId: null }), doc({ id: 2, clientFacilityId: null }))).toBeNull();
  });

  it('links a dictator account to an enabled physician of its company, and keeps a link it has', () => {
    const account = { memberType: 1, companyId: 3, currentPhysicianId: null };
    const physician = { id: 8, corporateStructureId: 3, disabled: false };
    expect(linkAllowed(account, physician)).toBeNull();
    expect(linkAllowed(account, null)).toBe('notFound');
    expect(linkAllowed({ ...account, memberType: 2 }, physician)).toBe('notDictator');
    expect(linkAllowed(account, { ...physician, corporateStructureId: 4 })).toBe('notFound');
    expect(linkAllowed(account, { ...physician, disabled: true })).toBe('notFound');
    expect(linkAllowed({ ...account, currentPhysicianId: 8 }, { ...physician, disabled: true })).toBeNull();
  });
});
