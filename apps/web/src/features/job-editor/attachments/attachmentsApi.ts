import {
  type AttachmentApiCredentials,
  type AttachmentListItem,
  AttachmentListSchema,
  type AttachmentSearchQuery,
} from '@quill/core/contract/attachments';
import { ATTACHMENTS } from '@quill/core/contract/endpoints/attachments';
import { ApiRequestError, callApi, refusedAnswer, urlFor } from '../../../lib/api';

/** The job view's calls wait this long for an answer (the search; a download may take longer). */
const SEARCH_TIMEOUT_MS = 60_000;

/** GetAttachmentApiCredentials (spec 02 §7): the service's host and a short-lived basic credential. */
export const fetchAttachmentCredentials = () =>
  callApi(ATTACHMENTS.credentials, {}, { timeoutMs: SEARCH_TIMEOUT_MS });

/**
 * A GET to the attachments service: `{host}{path}` with `Authorization: Basic …` and no cookies
 * (the service may be another origin, ATTACHMENTS_BASE_URL). Failures are ApiRequestErrors with
 * the service's code and message; its 401 means the credential ran out, not the session.
 */
async function serviceGet(credentials: AttachmentApiCredentials, path: string, signal?: AbortSignal) {
  let response: Response;
  try {
    response = await fetch(`${credentials.host}${path}`, {
      headers: { Authorization: `Basic ${credentials.credentials}` },
      credentials: 'omit',
      signal,
    });
  } catch (cause) {
    if (signal?.aborted) throw new ApiRequestError(0, 'aborted', `Request to ${path} was cancelled`);
    throw new ApiRequestError(0, 'network', cause instanceof Error ? cause.message : 'Network error');
  }
  if (!response.ok) throw await refusedAnswer(response);
  return response;
}

/**
 * Attachments search (spec 02 §7): the facility's attachments in (After, BeforeInclusive], each
 * naming its patient; with JobId only the files of that job's patient and visit (issue 39).
 */
export async function searchAttachments(
  credentials: AttachmentApiCredentials,
  clientFacilityId: number,
  query: AttachmentSearchQuery,
): Promise<AttachmentListItem[]> {
  const signal = AbortSignal.timeout(SEARCH_TIMEOUT_MS);
  const response = await serviceGet(
    credentials,
    urlFor(ATTACHMENTS.search, { params: { clientFacilityId }, query }),
    signal,
  );
  const parsed = AttachmentListSchema.safeParse(await response.json().catch(() => undefined));
  if (!parsed.success)
    throw new ApiRequestError(
      response.status,
      'bad_response',
      'Unexpected answer from the attachments search',
    );
  return parsed.data;
}

/** Attachment download (spec 02 §7): the file's bytes ("blob response"). */
export async function downloadAttachment(credentials: AttachmentApiCredentials, id: string): Promise<Blob> {
  const path = urlFor(ATTACHMENTS.download, { params: { attachmentNonSequentialID: id } });
  const response = await serviceGet(credentials, path);
  try {
    return await response.blob();
  } catch (cause) {
    throw new ApiRequestError(0, 'network', cause instanceof Error ? cause.message : 'Network error');
  }
}
