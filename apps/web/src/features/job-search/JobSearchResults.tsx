import type { CorporateStructure } from '@quill/core/contract/jobList';
import type { JobSearchRow } from '@quill/core/contract/jobSearch';
import { columnText, isWithheldCell, type JobListLabels } from '@quill/core/rules/jobList/jobListValues';
import type { KeyboardEvent, MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isPlainClick } from '../../lib/browserNavigation';
import { jobPath } from '../../lib/paths';
import { useOpenJob } from '../job-list/useOpenJob';
import classes from './JobSearch.module.css';

/**
 * A page of found jobs: the job id opens the job in Quill (as do a double-click and Enter on a
 * row), with its structure, dictation date, patient, MRN, dictator, work type and stage.
 */
export function JobSearchResults({
  rows,
  structures,
  labels,
}: {
  rows: readonly JobSearchRow[];
  structures: readonly CorporateStructure[];
  /** The list's words for a withheld patient name and MRN (spec 01 §6) and the stage labels. */
  labels: JobListLabels;
}) {
  const { t } = useTranslation();
  const openJob = useOpenJob();
  const names = new Map(structures.map((s) => [s.id, s.companyNameId]));
  const onLink = (event: MouseEvent<HTMLAnchorElement>, jobId: number) => {
    if (!isPlainClick(event)) return;
    event.preventDefault();
    openJob(jobId);
  };
  const onRowKey = (event: KeyboardEvent<HTMLTableRowElement>, jobId: number) => {
    if (event.key !== 'Enter' || event.target !== event.currentTarget) return;
    event.preventDefault();
    openJob(jobId);
  };
  return (
    <div className={classes.scroller}>
      <table className={classes.table} aria-label={t('jobSearch.results')}>
        <thead>
          <tr>
            <th scope="col">{t('jobList.columns.filterJobId')}</th>
            <th scope="col">{t('jobSearch.structureColumn')}</th>
            <th scope="col">{t('jobList.columns.formattedDictatedDate')}</th>
            <th scope="col">{t('jobList.columns.patientName')}</th>
            <th scope="col">{t('jobList.columns.patientMRN')}</th>
            <th scope="col">{t('jobList.columns.dictatorName')}</th>
            <th scope="col">{t('jobList.columns.workType')}</th>
            <th scope="col">{t('jobList.columns.stageName')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr
              key={row.jobId}
              data-job-id={row.jobId}
              tabIndex={0}
              onDoubleClick={(e) => {
                if (!(e.target as Element).closest('a')) openJob(row.jobId);
              }}
              onKeyDown={(e) => onRowKey(e, row.jobId)}
            >
              <td>
                <a
                  className={classes.jobLink}
                  href={jobPath(row.jobId)}
                  onClick={(e) => onLink(e, row.jobId)}
                >
                  {row.filterJobId}
                </a>
              </td>
              <td>{names.get(row.corporateStructureId) ?? row.corporateStructureId}</td>
              <td>{row.formattedDictatedDate}</td>
              {(['patientName', 'patientMRN'] as const).map((column) => (
                <td
                  key={column}
                  className={isWithheldCell(row, column, labels) ? classes.withheld : undefined}
                >
                  {columnText(row, column, labels)}
                </td>
              ))}
              <td>{row.dictatorName}</td>
              <td>{row.workType}</td>
              <td>{columnText(row, 'stageName', labels)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
