import { describe, expect, it } from 'vitest';
import { listRow } from '../../testing/jobListRow.js';
import { columnText, isWithheldCell, type JobListLabels } from './jobListValues.js';
import { stageLabel } from './stages.js';

const labels: JobListLabels = {
  stat: 'STAT',
  patientWithheld: 'Patient Name',
  mrnWithheld: 'Subject ID',
  stage: stageLabel,
  durationUnits: { days: 'd', hours: 'h', minutes: 'm' },
};

const base = listRow(42, {
  stat: true,
  statBool: true,
  patientName: 'Núñez, Leah',
  jobNote: 'Call <Dr> Ng',
  jobNoteBool: true,
  stageName: 'Pending Fax',
  stageId: 8,
  clinic: 'Cobalt Ridge',
});

describe('job list values', () => {
  it('shows the STAT marker, the stage label and the withheld patient label', () => {
    expect(columnText(base, 'stat', labels)).toBe('STAT');
    expect(columnText({ ...base, stat: false }, 'stat', labels)).toBe('');
    expect(columnText(base, 'stageName', labels)).toBe('Pending Distribution');
    expect(columnText({ ...base, patientName: null }, 'patientName', labels)).toBe('Patient Name');
    expect(columnText(base, 'jobNoteBool', labels)).toBe('Call <Dr> Ng');
    expect(columnText(base, 'clinic', labels)).toBe('Cobalt Ridge');
  });

  it('shows the MRN with the name, its label (Subject ID) where it is withheld (issue 41)', () => {
    const withheld = { ...base, patientName: null, patientMRN: null };
    expect(columnText(base, 'patientMRN', labels)).toBe('0001');
    expect(columnText(withheld, 'patientMRN', labels)).toBe('Subject ID');
    expect(isWithheldCell(withheld, 'patientMRN', labels)).toBe(true);
    expect(isWithheldCell(withheld, 'patientName', labels)).toBe(true);
    expect(isWithheldCell(base, 'patientMRN', labels)).toBe(false);
    // An account that may see patients: a job without an MRN shows nothing, not the label.
    const sees = { ...labels, patientWithheld: '', mrnWithheld: '' };
    expect(columnText(withheld, 'patientMRN', sees)).toBe('');
    expect(isWithheldCell(withheld, 'patientMRN', sees)).toBe(false);
  });

  it('shows turnaround minutes as a compact duration, empty when missing (issue 27)', () => {
    const timed = { ...base, tatFirstTextMinutes: 65, tatFinishedMinutes: 3 * 1440 + 125 };
    expect(columnText(timed, 'tatFirstText', labels)).toBe('1h 05m');
    expect(columnText(timed, 'tatFinished', labels)).toBe('3d 2h');
    expect(columnText(base, 'tatFirstText', labels)).toBe('');
    expect(columnText(base, 'tatFinished', labels)).toBe('');
  });
});
