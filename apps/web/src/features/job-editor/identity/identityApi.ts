import { JOB_EDITOR } from '@quill/core/contract/endpoints/jobEditor';
import { useQuery } from '@tanstack/react-query';
import { callJobApi, jobKeys } from '../jobApi';

/** react-query key of the document's patient (under the job's keys: reloading the job refreshes it). */
export const documentPatientKey = (jobId: number) => [...jobKeys.all(jobId), 'documentPatient'] as const;

/** GetDocumentPatient (issue 39): the patient the job's document names, beside the job's own. */
export const fetchDocumentPatient = (jobId: number, signal?: AbortSignal) =>
  callJobApi(JOB_EDITOR.documentPatient, { query: { jobId } }, signal);

/** The document's patient and the job's, asked once the person may see patient data (`enabled`). */
export function useDocumentPatient(jobId: number, enabled: boolean) {
  return useQuery({
    queryKey: documentPatientKey(jobId),
    queryFn: ({ signal }) => fetchDocumentPatient(jobId, signal),
    enabled,
    staleTime: 10_000,
  });
}
