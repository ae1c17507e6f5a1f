import type { DocumentFacts } from '../../documents/renderable.js';

/** Tests only: a job's facts for rendering, none known unless given. */
export function documentFacts(known: Partial<DocumentFacts> = {}): DocumentFacts {
  return {
    jobId: 1,
    patientName: null,
    mrn: null,
    dateOfBirth: null,
    dictator: null,
    dictatedAt: null,
    signatures: [],
    signatureVoided: false,
    dateOfService: null,
    workType: null,
    facility: null,
    timeZone: 'UTC',
    ...known,
  };
}
