import {
  CONFIRM_PATIENT_FIELD,
  DOCUMENT_PATIENT_DIFFERS,
  type DocumentPatientMismatch,
  DocumentPatientMismatchSchema,
  type ImportDocumentResult,
} from '@quill/core/contract/documents/documents';
import { DOCUMENTS } from '@quill/core/contract/endpoints/documents';
import { ApiRequestError, apiUpload, urlFor } from '../../../lib/api';

/**
 * POST importDocument (issue 40): the file as the job's new document; with `reason`, confirming a
 * document about another patient than the job's. Fails with an ApiRequestError (409
 * document_patient_differs: see {@link patientMismatchOf}).
 */
export function importJobDocument(jobId: number, file: File, reason?: string): Promise<ImportDocumentResult> {
  const form = new FormData();
  if (reason !== undefined) form.append(CONFIRM_PATIENT_FIELD, reason);
  form.append('file', file, file.name);
  return apiUpload(urlFor(DOCUMENTS.importDocument, { params: { jobId } }), form, {
    schema: DOCUMENTS.importDocument.answer,
    onProgress: () => {},
  });
}

/** The two patients of an import refused because its document names another patient; null for any other failure. */
export function patientMismatchOf(error: unknown): DocumentPatientMismatch | null {
  if (!(error instanceof ApiRequestError) || error.code !== DOCUMENT_PATIENT_DIFFERS) return null;
  const parsed = DocumentPatientMismatchSchema.safeParse(error.details);
  return parsed.success ? parsed.data : { differences: [], documentPatient: null, jobPatient: null };
}
