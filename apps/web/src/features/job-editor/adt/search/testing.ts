import type { AdtSearchConfiguration, AdtSearchResult, JobAdt } from '@quill/core/contract/adt/adt';

/** Test data of the Search & Accept ADT modal (tests only). */

const field = (name: string, type: 'string' | 'date', segment: string, f: number, c: number) => ({
  name,
  type,
  value: null,
  hl7Identifier: { segment, field: f, component: c },
  source: 'patient' as const,
});

/** The demo facility's searches: by patient demographics and by visit number. */
export const SEARCH_CONFIGURATION: AdtSearchConfiguration = {
  availableSearch: [
    {
      name: 'Patient search',
      identifier: 'patient',
      searchField: [
        field('MRN', 'string', 'PID', 3, 1),
        field('Last Name', 'string', 'PID', 5, 1),
        field('First Name', 'string', 'PID', 5, 2),
        field('Date of Birth', 'date', 'PID', 7, 1),
      ],
    },
    {
      name: 'Visit search',
      identifier: 'visit',
      searchField: [field('Visit Number', 'string', 'PID', 18, 1)],
    },
  ],
};

const cells = (...texts: (string | null)[]) => texts.map((raw) => ({ raw, parsed: raw }));

/** A searchadt answer: Jane Doe with two visits (the first with two orders), and John Doe. */
export function searchResult(overrides: Partial<AdtSearchResult> = {}): AdtSearchResult {
  return {
    patientMatchField: [
      { name: 'Patient ID (MRN)', type: 'string' },
      { name: 'Last Name', type: 'string' },
      { name: 'First Name', type: 'string' },
      { name: 'Date of Birth', type: 'date' },
    ],
    visitMatchField: [
      { name: 'Visit Number', type: 'string' },
      { name: 'Admit Date/Time', type: 'datetime' },
    ],
    orderMatchField: [
      { name: 'Order Number', type: 'string' },
      { name: 'Ordered Procedure', type: 'string' },
    ],
    patient: [
      {
        instanceId: 1,
        value: cells('MRN001', 'Doe', 'Jane', '1980-03-04'),
        visit: [
          {
            instanceId: 11,
            value: cells('V-11', '2026-02-01T08:15:00'),
            order: [
              { instanceId: 111, value: cells('ORD-111', 'Chest X-ray') },
              { instanceId: 112, value: cells('ORD-112', 'Blood panel') },
            ],
          },
          { instanceId: 12, value: cells('V-12', '2026-02-10T10:00:00'), order: [] },
        ],
      },
      { instanceId: 2, value: cells('MRN002', 'Doe', 'John', '1975-11-30'), visit: [] },
    ],
    truncated: false,
    ...overrides,
  };
}

/** What Accept ADT answers: the job's ADT after the accept. */
export function acceptedAdt(): JobAdt {
  return {
    jobId: 42,
    patientId: 1,
    visitId: 11,
    outputAdtData: [],
    hl7Physician: [],
    orderData: [],
    orderTemplate: null,
    orderSummary: [],
    adtSearchConfiguration: SEARCH_CONFIGURATION,
  };
}
