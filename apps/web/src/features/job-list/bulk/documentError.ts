import type { TFunction } from 'i18next';
import { ApiRequestError } from '../../../lib/api';

/** How a failed document request reads (spec 01 §8 "Document viewer"). */
export interface DocumentError {
  title: string;
  message: string;
  /** 422 'No copies' is final; everything else may be tried again. */
  retry: boolean;
}

/**
 * 422 'No copies' (no retry), 404 'Document not found' (retry), anything else 'An error has
 * occurred' with the customer-service message (retry). `otherMessage` replaces that message where a
 * screen has a more precise one (smart copies).
 */
export function documentError(error: unknown, t: TFunction, otherMessage?: string): DocumentError {
  const status = error instanceof ApiRequestError ? error.status : 0;
  if (status === 422)
    return {
      title: t('documents.viewer.noCopiesTitle'),
      message: t('documents.viewer.noCopies'),
      retry: false,
    };
  if (status === 404)
    return {
      title: t('documents.viewer.notFoundTitle'),
      message: t('documents.viewer.notFound'),
      retry: true,
    };
  return {
    title: t('documents.viewer.errorTitle'),
    message: otherMessage ?? t('errors.defaultMessage'),
    retry: true,
  };
}
