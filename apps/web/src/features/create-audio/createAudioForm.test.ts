import { describe, expect, it } from 'vitest';
import { facilityOptions } from './createAudioForm';

const facility = (id: number, name: string, corporateStructureId: number, companyNameId: string) => ({
  id,
  name,
  corporateStructureId,
  companyNameId,
});

describe('facilityOptions (Create with Audio)', () => {
  it('lists the facilities of one corporate structure without group headings', () => {
    expect(
      facilityOptions([
        facility(31, 'Dunmore Vale Family Clinic', 5, 'Meridian Valley Health (MVH)'),
        facility(32, 'Harbour Point Surgery', 5, 'Meridian Valley Health (MVH)'),
      ]),
    ).toEqual([
      { value: '31', label: 'Dunmore Vale Family Clinic' },
      { value: '32', label: 'Harbour Point Surgery' },
    ]);
  });

  it('groups the facilities by corporate structure when there are several, labelled by it', () => {
    expect(
      facilityOptions([
        facility(31, 'Dunmore Vale Family Clinic', 5, 'Meridian Valley Health (MVH)'),
        facility(32, 'Harbour Point Surgery', 5, 'Meridian Valley Health (MVH)'),
        facility(40, 'Lakeside Practice', 6, 'Lakeside Medical Group (LMG)'),
      ]),
    ).toEqual([
      {
        group: 'Meridian Valley Health (MVH)',
        items: [
          { value: '31', label: 'Dunmore Vale Family Clinic' },
          { value: '32', label: 'Harbour Point Surgery' },
        ],
      },
      { group: 'Lakeside Medical Group (LMG)', items: [{ value: '40', label: 'Lakeside Practice' }] },
    ]);
  });
});
