import { describe, expect, it } from 'vitest';
import type { JobListRow } from '../contract/jobList.js';
import { columnText, type JobListLabels } from './jobListValues.js';
import { stageLabel } from './stages.js';

const labels: JobListLabels = { stat: 'STAT', patientWithheld: 'Patient Name', stage: stageLabel };

const base: JobListRow = {
  jobId: 42,
  originalJobId: null,
  stat: true,
  statBool: true,
  filterJobId: '42',
  dictatorName: 'Walsh, Olivia',
  patientName: 'Núñez, Leah',
  patientMRN: 'MRN-77',
  dictatedDate: '2026-10-07T20:37:47.000Z',
  signedDate: null,
  dateOfService: '2026-10-04',
  formattedDictatedDate: '10/07/2026 16:37',
  formattedSignedDate: '',
  formattedDateOfService: '10/04/2026',
  workType: 'Consultation',
  department: 'Cardiology',
  location: 'Emergency Department',
  jobNote: 'Call <Dr> Ng',
  jobNoteBool: true,
  stageName: 'Pending Fax',
  stageId: 8,
  clinic: 'Cobalt Ridge',
  clientFacilityId: 1,
  jobLocation: 'ED',
  flags: [],
  pdfViewed: false,
  rtfViewed: false,
  edited: false,
  signed: false,
  faxed: false,
};

describe('job list values', () => {
  it('shows the STAT marker, the stage label and the withheld patient label', () => {
    expect(columnText(base, 'stat', labels)).toBe('STAT');
    expect(columnText({ ...base, stat: false }, 'stat', labels)).toBe('');
    expect(columnText(base, 'stageName', labels)).toBe('pending distribution');
    expect(columnText({ ...base, patientName: null }, 'patientName', labels)).toBe('Patient Name');
    expect(columnText(base, 'jobNoteBool', labels)).toBe('Call <Dr> Ng');
    expect(columnText(base, 'clinic', labels)).toBe('Cobalt Ridge');
  });
});
