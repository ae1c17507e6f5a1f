import { describe, expect, it } from 'vitest';
import {
  changedFromDefaults,
  defaultVisibility,
  hiddenColumns,
  resolveVisibility,
  visibleColumns,
} from './columnVisibility';

describe('column visibility (spec 01 §2, §9)', () => {
  it('shows the default columns in order, clinic and the turnaround columns hidden', () => {
    expect(visibleColumns(defaultVisibility())).toEqual([
      'stat',
      'filterJobId',
      'dictatorName',
      'patientName',
      'patientMRN',
      'formattedDictatedDate',
      'formattedSignedDate',
      'workType',
      'department',
      'location',
      'jobNoteBool',
      'stageName',
      'formattedDateOfService',
    ]);
    expect(hiddenColumns(defaultVisibility())).toEqual(['clinic', 'tatFirstText', 'tatFinished']);
  });

  it("prefers the list's stored changes, then the tab's hidden columns, then the defaults", () => {
    expect(resolveVisibility({ clinic: true }, ['location']).clinic).toBe(true);
    expect(resolveVisibility({ clinic: true }, ['location']).location).toBe(true);
    const fromSession = resolveVisibility(null, ['location']);
    expect(fromSession.location).toBe(false);
    expect(fromSession.clinic).toBe(true);
    expect(resolveVisibility(null, null)).toEqual(defaultVisibility());
  });

  it('stores only what differs from the defaults', () => {
    const v = { ...defaultVisibility(), clinic: true, stat: false };
    expect(changedFromDefaults(v)).toEqual({ clinic: true, stat: false });
    expect(changedFromDefaults(defaultVisibility())).toEqual({});
  });
});
