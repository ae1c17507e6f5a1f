import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jobAdt } from '../adt/testing';
import { jobDetails } from '../testing/jobFixtures';
import { useJobEdits } from './useJobEdits';

const details = jobDetails({ jobNote: 'Loaded note', isProtected: true, stat: null });

describe('useJobEdits', () => {
  it('saves the typed note (trimmed), else the loaded one, and isProtected false after Unprotect', () => {
    const { result } = renderHook(() => useJobEdits(details));
    expect(result.current.changed).toBe(false);
    expect(result.current.toSave(false)).toMatchObject({ jobNote: 'Loaded note', isProtected: true });
    act(() => result.current.editNote('  Call the patient  '));
    expect(result.current.changed).toBe(true);
    expect(result.current.toSave(true)).toMatchObject({ jobNote: 'Call the patient', isProtected: false });
  });

  it("sends the card's edits with the save, and forgets every edit", () => {
    const { result } = renderHook(() => useJobEdits(details));
    act(() => result.current.editJobData({ ...result.current.jobData!, stat: 'M' }));
    expect(result.current.jobData?.stat).toBe('M');
    expect(result.current.toSave(false)?.stat).toBe('M');
    act(() => result.current.forget());
    expect(result.current.changed).toBe(false);
    expect(result.current.note).toBe('');
    expect(result.current.jobData?.stat).toBeNull();
  });

  it('has nothing to save before the job is loaded', () => {
    const { result } = renderHook(() => useJobEdits(undefined));
    expect(result.current.jobData).toBeNull();
    expect(result.current.toSave(false)).toBeNull();
  });

  it('sends the ADT only once it was changed, and forgets it with every other edit', () => {
    const { result } = renderHook(() => useJobEdits(details));
    expect(result.current.toSave(false)).not.toHaveProperty('inputAdtData');
    const adt = jobAdt();
    act(() => result.current.editAdt({ ...adt, orderData: [] }));
    expect(result.current.changed).toBe(true);
    const saved = result.current.toSave(false);
    expect(saved?.inputAdtData).toHaveLength(adt.outputAdtData.length);
    expect(saved).toMatchObject({ orderData: [], hl7Physician: [{ physicianId: 7 }, { physicianId: null }] });
    // The hold-queue check sends the job data as edited, ADT included.
    expect(result.current.jobData).toHaveProperty('inputAdtData');
    act(() => result.current.forget());
    expect(result.current.adt).toBeNull();
    expect(result.current.toSave(false)).not.toHaveProperty('inputAdtData');
  });
});
