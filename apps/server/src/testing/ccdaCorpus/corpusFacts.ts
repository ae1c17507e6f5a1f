import type { DocumentFacts } from '../../documents/renderable.js';

/** The job facts every corpus document is rendered with (the corpus test and bench/documents --corpus). */
export const CORPUS_FACTS: DocumentFacts = {
  jobId: 4040,
  patientName: 'Corpus, Test',
  mrn: 'C-40',
  dateOfBirth: '1970-01-01',
  dictator: 'Sam Rivera, MD',
  dictatedAt: new Date('2026-03-04T15:30:00Z'),
  signatures: [],
  signatureVoided: false,
  dateOfService: '2026-03-04',
  workType: 'Progress Note',
  facility: 'Corpus Clinic',
  timeZone: 'America/Chicago',
};
