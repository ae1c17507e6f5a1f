import type { AttachmentApiCredentials, AttachmentListItem } from '@quill/core/contract/attachments';
import {
  type AttachmentRangeProblem,
  attachmentDaysProblem,
  attachmentSearchQuery,
  defaultAttachmentDays,
} from '@quill/core/rules/attachments/attachmentRange';
import { useMutation } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hideToast, showToast } from '../../../app/toasts';
import { ApiRequestError } from '../../../lib/api';
import { saveFile } from '../../job-list/bulk/newTab';
import type { CallFailureInfo } from '../CallFailure';
import { serverMessage } from '../serverMessage';
import { downloadAttachment, fetchAttachmentCredentials, searchAttachments } from './attachmentsApi';

/** A credential this close to its end is replaced before a call rather than used. */
const RENEW_BEFORE_MS = 30_000;

/** What the Attachment Search modal needs from its state. */
export interface AttachmentSearchState {
  /** The range's days as the date inputs hold them ('YYYY-MM-DD'). */
  from: string;
  to: string;
  setFrom(day: string): void;
  setTo(day: string): void;
  /** Why the range cannot be searched (spec 02 §5), or null. */
  problem: AttachmentRangeProblem | null;
  runSearch(): void;
  /**
   * Issue 39: false (at first) — only the files of the job's patient and visit; true — the whole
   * facility's, each naming its patient. Changing it searches again when there are results.
   */
  wholeFacility: boolean;
  setWholeFacility(whole: boolean): void;
  searching: boolean;
  /** Null before the first search. */
  results: AttachmentListItem[] | null;
  /** The search failure shown inline: the spec's text and, for a refused call, the service's reason. */
  failure: CallFailureInfo | null;
  download(attachment: AttachmentListItem): void;
  /** The attachment being fetched, if any. */
  downloading: string | null;
}

/**
 * The Attachment Search modal's state and calls (spec 02 §2, §5, §7–§9): the last 7 days to
 * today at first; a range that breaks the rules is not searched; the credential comes from
 * GetAttachmentApiCredentials and is asked for again when it nears its end or the service answers
 * 401; a download shows 'Fetching Attachment...' until done and is saved under the attachment's
 * name.
 */
export function useAttachmentSearch(
  clientFacilityId: number,
  jobId: number,
  today: Date = new Date(),
): AttachmentSearchState {
  const { t } = useTranslation();
  const [initial] = useState(() => defaultAttachmentDays(today));
  const [from, setFrom] = useState(initial.from);
  const [to, setTo] = useState(initial.to);
  const [results, setResults] = useState<AttachmentListItem[] | null>(null);
  const [wholeFacility, setWhole] = useState(false);
  const [failure, setFailure] = useState<AttachmentSearchState['failure']>(null);
  const credentials = useRef<AttachmentApiCredentials | null>(null);
  const problem = attachmentDaysProblem(from, to);

  const withCredentials = async <T>(work: (c: AttachmentApiCredentials) => Promise<T>): Promise<T> => {
    const renew = async () => {
      credentials.current = await fetchAttachmentCredentials();
      return credentials.current;
    };
    const held = credentials.current;
    const usable = held && Date.parse(held.expiresAt) - Date.now() > RENEW_BEFORE_MS ? held : await renew();
    try {
      return await work(usable);
    } catch (error) {
      if (!(error instanceof ApiRequestError) || error.status !== 401) throw error;
      return work(await renew());
    }
  };

  const searchCall = useMutation({
    mutationFn: ({
      query,
      whole,
    }: {
      query: NonNullable<ReturnType<typeof attachmentSearchQuery>>;
      whole: boolean;
    }) =>
      withCredentials((c) =>
        searchAttachments(c, clientFacilityId, whole ? query : { ...query, JobId: jobId }),
      ),
    onSuccess: (answer) => setResults(answer),
    onError: (error) => {
      const message = t('attachments.searchFailed');
      showToast(message, { kind: 'error' });
      setFailure({ message, detail: serverMessage(error) });
    },
  });

  const downloadCall = useMutation({
    mutationFn: async (attachment: AttachmentListItem) => {
      const toast = `attachment-${attachment.attachmentNonSequentialID}`;
      showToast(t('attachments.fetching'), { id: toast, untilHidden: true });
      try {
        const blob = await withCredentials((c) =>
          downloadAttachment(c, attachment.attachmentNonSequentialID),
        );
        saveFile(blob, attachment.attachmentName);
      } finally {
        hideToast(toast);
      }
    },
    onError: () => showToast(t('attachments.downloadFailed'), { kind: 'error' }),
  });

  const search = (whole: boolean) => {
    const query = attachmentSearchQuery(from, to);
    if (problem || !query || searchCall.isPending) return;
    setFailure(null);
    searchCall.mutate({ query, whole });
  };

  return {
    from,
    to,
    setFrom,
    setTo,
    problem,
    runSearch: () => search(wholeFacility),
    wholeFacility,
    setWholeFacility: (whole) => {
      setWhole(whole);
      if (results !== null) search(whole);
    },
    searching: searchCall.isPending,
    results,
    failure,
    download: (attachment) => {
      if (!downloadCall.isPending) downloadCall.mutate(attachment);
    },
    downloading: downloadCall.isPending ? (downloadCall.variables?.attachmentNonSequentialID ?? null) : null,
  };
}
