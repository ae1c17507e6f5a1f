import type { AttachmentApiCredentials, AttachmentListItem } from '@quill/core/contract/attachments';

/** Paths of the calls the modal makes (tests check the paths themselves). */
export const CREDENTIALS = 'GET /api/Account/GetAttachmentApiCredentials';
export const searchKey = (clientFacilityId: number, host = '') =>
  `GET ${host}/Attachments/v1/Company/${clientFacilityId}`;
export const downloadKey = (id: string, host = '') => `GET ${host}/Attachments/v1/${id}`;

/** A credential answer: this server as the host unless one is given; five minutes to live. */
export function credentials(overrides: Partial<AttachmentApiCredentials> = {}): AttachmentApiCredentials {
  return {
    host: '',
    credentials: btoa('attachments:secret-one'),
    expiresAt: new Date(Date.now() + 300_000).toISOString(),
    ...overrides,
  };
}

/** The job of the modal's tests and its patient (Banerjee). */
export const JOB_ID = 42;
export const JOB_PATIENT_ID = 7;

/** Two attachments as the service lists them, newest first: another patient's, then the job's patient's. */
export const ATTACHMENTS: AttachmentListItem[] = [
  {
    attachmentNonSequentialID: '0b6f1d7e-4c55-4e5a-9d3a-1f2e3d4c5b6a',
    attachmentName: 'Referral letter 2026-11-25.png',
    attachmentDescription: 'Referral from Lakeside Family Medicine: cardiology consultation',
    contextStartUTC: '2026-11-25T14:30:00.000Z',
    patient: { patientId: 8, name: 'Schneider, Paul', mrn: 'M-0008' },
  },
  {
    attachmentNonSequentialID: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
    attachmentName: 'CBC results 2026-11-21.pdf',
    attachmentDescription: 'Complete Blood Count, Tri-County Reference Laboratory',
    contextStartUTC: '2026-11-21T09:05:00.000Z',
    patient: { patientId: JOB_PATIENT_ID, name: 'Banerjee, Priya', mrn: 'M-0007' },
  },
];

/** A file answer of the download call. */
export function fileAnswer(type = 'application/pdf'): Response {
  return new Response(new Uint8Array([37, 80, 68, 70, 45]), {
    status: 200,
    headers: { 'Content-Type': type },
  });
}
