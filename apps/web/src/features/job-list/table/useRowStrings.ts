import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** Stands for the job id (or another value) while a catalogue text is looked up (no text holds it). */
const JOB_ID = '\u0000';

/** A text looked up with {@link JOB_ID} for its value: each use joins its parts by the value. */
function filled(text: string): (value: number | string) => string {
  const parts = text.split(JOB_ID);
  return (value) => parts.join(String(value));
}

/**
 * A catalogue text with a job id in it, looked up once: each row's text is the looked-up parts
 * joined by its id. A lookup with a value parses the text for its placeholders each time (300 took
 * 7–18 ms in Node), three per row; a change to 100 rows a page took 79–85 ms instead of 92–102.
 */
function withJobId(
  t: TFunction,
  key: `jobList.table.${'selectJob' | 'showDetails' | 'hideDetails' | 'openLegacyDetails' | 'openJob'}`,
): (jobId: number | string) => string {
  return filled(t(key, { jobId: JOB_ID }));
}

/**
 * The catalogue words every row needs, looked up once per table rather than in each of the
 * page's rows and cells: a `useTranslation` per cell made a 100-row page several times slower.
 */
export function useRowStrings() {
  const { t } = useTranslation();
  return useMemo(
    () => ({
      selectJob: withJobId(t, 'jobList.table.selectJob'),
      showDetails: withJobId(t, 'jobList.table.showDetails'),
      hideDetails: withJobId(t, 'jobList.table.hideDetails'),
      openLegacyDetails: withJobId(t, 'jobList.table.openLegacyDetails'),
      openJob: withJobId(t, 'jobList.table.openJob'),
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
      pastTarget: t('transcribe.tat.pastTarget'),
      pastTargetTitle: filled(t('transcribe.tat.pastTargetTitle', { target: JOB_ID })),
    }),
    [t],
  );
}

export type RowStrings = ReturnType<typeof useRowStrings>;
