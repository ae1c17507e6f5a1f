import type { CompleteJobsResult, CopyType } from '@quill/core/contract/documents/documents';
import type { TFunction } from 'i18next';
import { showToast } from '../../../app/toasts';
import { ApiRequestError } from '../../../lib/api';
import { completeJobs, markJobsPrinted } from './bulkApi';
import { clearMessages } from './clearMessages';

/** The server's own (actionable) message for a refused request, else the customer-service line. */
export function failureText(error: unknown, t: TFunction): string {
  if (error instanceof ApiRequestError && error.status >= 400 && error.status < 500 && error.status !== 401)
    return error.message;
  return `${t('errors.defaultLead')}. ${t('errors.defaultMessage')}`;
}

/**
 * Clears the jobs from the manual distribution list and says what happened (spec 01 §8 "Clear").
 * Answers the server's result, or null when the call failed (the toast has said why).
 */
export async function runClear(jobIds: readonly number[], t: TFunction): Promise<CompleteJobsResult | null> {
  try {
    const result = await completeJobs(jobIds);
    const messages = clearMessages(result, t);
    if (messages.success) showToast(messages.success, { kind: 'success' });
    if (messages.warning) showToast(messages.warning, { kind: 'warning' });
    return result;
  } catch (error) {
    const forbidden = error instanceof ApiRequestError && error.status === 403;
    showToast(forbidden ? t('clear.noPermission') : t('clear.failed'), { kind: 'error' });
    return null;
  }
}

/** POST printed; spec 01 §7: success toasts 'Jobs marked as printed'. True when it worked. */
export async function runMarkPrinted(
  jobIds: readonly number[],
  copiesType: CopyType,
  t: TFunction,
): Promise<boolean> {
  try {
    await markJobsPrinted(jobIds, copiesType);
    showToast(t('documents.markedPrinted'), { kind: 'success' });
    return true;
  } catch (error) {
    showToast(failureText(error, t), { kind: 'error' });
    return false;
  }
}
