import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The catalogue words every row needs, looked up once per table rather than in each of the
 * page's rows and cells: a `useTranslation` per cell made a 100-row page several times slower.
 */
export function useRowStrings() {
  const { t } = useTranslation();
  return useMemo(
    () => ({
      selectJob: (jobId: number) => t('jobList.table.selectJob', { jobId: String(jobId) }),
      showDetails: (jobId: number) => t('jobList.table.showDetails', { jobId: String(jobId) }),
      hideDetails: (jobId: number) => t('jobList.table.hideDetails', { jobId: String(jobId) }),
      openLegacyDetails: (jobId: string) => t('jobList.table.openLegacyDetails', { jobId }),
      note: t('jobList.table.note'),
      pdf: t('jobList.indicators.pdf'),
      rtf: t('jobList.indicators.rtf'),
      pdfViewed: t('jobList.indicators.pdfViewed'),
      pdfNotViewed: t('jobList.indicators.pdfNotViewed'),
      rtfViewed: t('jobList.indicators.rtfViewed'),
      rtfNotViewed: t('jobList.indicators.rtfNotViewed'),
      edited: t('jobList.indicators.edited'),
      notEdited: t('jobList.indicators.notEdited'),
      signed: t('jobList.indicators.signed'),
      notSigned: t('jobList.indicators.notSigned'),
      faxed: t('jobList.indicators.faxed'),
      notFaxed: t('jobList.indicators.notFaxed'),
    }),
    [t],
  );
}

export type RowStrings = ReturnType<typeof useRowStrings>;
