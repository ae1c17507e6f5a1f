import { Button, Group, Loader, Text } from '@mantine/core';
import type { JobListRow } from '@quill/core/contract/jobList';
import { ageOf, formatAge } from '@quill/core/rules/adt/age';
import { columnText, type JobListLabels } from '@quill/core/rules/jobList/jobListValues';
import { formatJobDateTime } from '@quill/core/rules/time/jobTime';
import { type MouseEvent, type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../app/session/SessionContext';
import { isPlainClick } from '../../../lib/browserNavigation';
import { jobPath } from '../../../lib/paths';
import { JobAudio } from '../../audio/JobAudio';
import { JobDeliveries } from '../../deliveries/JobDeliveries';
import { ChevronRightIcon } from '../table/icons';
import { EscapedNote } from '../table/JobNoteIndicator';
import { useOpenJob } from '../useOpenJob';
import { useViewed } from '../viewedMarks';
import classes from './JobDetailsPanel.module.css';
import { JobFaxes } from './JobFaxes';
import { useJobDetails } from './useJobDetails';

function Fact({ label, children, span = 1 }: { label: string; children: ReactNode; span?: 1 | 2 | 3 }) {
  const spanClass = span === 3 ? classes.widest : span === 2 ? classes.wide : '';
  return (
    <div className={`${classes.fact} ${spanClass}`}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/**
 * An expanded row's panel: the job's age since dictation (spec 01 §5 age rule), dates, clinic,
 * stage, status, note (escaped) and flags, the job's dictation (the audio player, loaded on demand),
 * and the Details section with the distribution errors
 * from jobdetails, the faxes and the deliveries (issue 43, with Retry and Redirect) — open or closed as last left (localStorage expandDetials).
 */
export function JobDetailsPanel({
  row,
  labels,
  detailsOpen,
  onDetailsOpenChange,
}: {
  row: JobListRow;
  labels: JobListLabels;
  detailsOpen: boolean;
  onDetailsOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const { userSettings } = useSession();
  const openJob = useOpenJob();
  const details = useJobDetails(row.jobId, detailsOpen);
  const viewed = useViewed(row);
  const sectionId = useId();
  const age = formatAge(
    ageOf(row.dictatedDate),
    (a) => t(`jobList.age.${a.unit}`, { count: a.value }),
    t('jobList.age.invalid'),
  );
  const dash = t('jobList.age.invalid');
  const status = [
    viewed.pdf ? t('jobList.indicators.pdfViewed') : t('jobList.indicators.pdfNotViewed'),
    viewed.rtf ? t('jobList.indicators.rtfViewed') : t('jobList.indicators.rtfNotViewed'),
    row.edited ? t('jobList.indicators.edited') : t('jobList.indicators.notEdited'),
    row.signed ? t('jobList.indicators.signed') : t('jobList.indicators.notSigned'),
    row.faxed ? t('jobList.indicators.faxed') : t('jobList.indicators.notFaxed'),
  ].join(' · ');
  return (
    <section className={classes.panel} aria-label={t('jobList.details.label', { jobId: String(row.jobId) })}>
      {/* The Open button first, at the left where the row's id is: the eye is there. */}
      <Group justify="flex-start">
        <Button
          component="a"
          href={jobPath(row.jobId)}
          onClick={(e: MouseEvent<HTMLAnchorElement>) => {
            // In the app: navigate without reloading; a modified click opens a tab as a link does.
            if (!isPlainClick(e)) return;
            e.preventDefault();
            openJob(row.jobId);
          }}
          size="compact-sm"
          aria-label={t('jobView.openJobLabel', { jobId: String(row.jobId) })}
        >
          {t('jobView.openJob')}
        </Button>
      </Group>
      <dl className={classes.facts}>
        <Fact label={t('jobList.details.age')}>{age}</Fact>
        <Fact label={t('jobList.columns.formattedDictatedDate')}>{row.formattedDictatedDate || dash}</Fact>
        <Fact label={t('jobList.columns.formattedSignedDate')}>{row.formattedSignedDate || dash}</Fact>
        <Fact label={t('jobList.columns.formattedDateOfService')}>{row.formattedDateOfService || dash}</Fact>
        <Fact label={t('jobList.details.clinic')}>{row.clinic || dash}</Fact>
        <Fact label={t('jobList.details.jobLocation')}>{row.jobLocation || dash}</Fact>
        <Fact label={t('jobList.details.stage')}>{columnText(row, 'stageName', labels) || dash}</Fact>
        {row.originalJobId !== null && (
          <Fact label={t('jobList.details.originalJobId')}>{row.originalJobId}</Fact>
        )}
        <Fact label={t('jobList.details.status')} span={2}>
          {status}
        </Fact>
        <Fact label={t('jobList.details.note')} span={3}>
          {row.jobNote ? (
            <EscapedNote note={row.jobNote} />
          ) : (
            <span className={classes.muted}>{t('jobList.details.noNote')}</span>
          )}
        </Fact>
        <Fact label={t('jobList.details.flags')} span={3}>
          {row.flags.length ? (
            <ul className={classes.flags}>
              {row.flags.map((f) => (
                <li key={f.code}>
                  {f.code} – {f.description}
                </li>
              ))}
            </ul>
          ) : (
            <span className={classes.muted}>{t('jobList.details.noFlags')}</span>
          )}
        </Fact>
      </dl>
      <JobAudio jobId={row.jobId} title={t('audio.player.dictation')} />
      <div>
        <button
          type="button"
          className={classes.disclosure}
          aria-expanded={detailsOpen}
          aria-controls={sectionId}
          onClick={() => onDetailsOpenChange(!detailsOpen)}
        >
          <ChevronRightIcon size={14} />
          {t('jobList.details.details')}
        </button>
        <div id={sectionId} hidden={!detailsOpen}>
          {detailsOpen && details.isPending && (
            <Group gap="xs" role="status" mt={6}>
              <Loader size="xs" aria-hidden="true" />
              <Text size="sm">{t('jobList.details.loading')}</Text>
            </Group>
          )}
          {detailsOpen && details.isError && (
            <Group gap="sm" mt={6} role="alert">
              <Text size="sm" className={classes.errorText}>
                {t('jobList.details.failed')}
              </Text>
              <Button size="compact-xs" variant="default" onClick={() => void details.refetch()}>
                {t('jobList.retry')}
              </Button>
            </Group>
          )}
          {detailsOpen && details.data && (
            <table className={classes.errors} data-testid="distribution-errors">
              <caption>{t('jobList.details.distributionErrors')}</caption>
              {details.data.distributionErrors.length === 0 ? (
                <tbody>
                  <tr>
                    <td className={classes.muted}>{t('jobList.details.noDistributionErrors')}</td>
                  </tr>
                </tbody>
              ) : (
                <>
                  <thead>
                    <tr>
                      <th scope="col">{t('jobList.details.errorDate')}</th>
                      <th scope="col">{t('jobList.details.errorDescription')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {details.data.distributionErrors.map((e, i) => (
                      // Errors have no id; their order is the server's (by date).
                      // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list that is never reordered
                      <tr key={i}>
                        <td>
                          {formatJobDateTime(e.createdDate, details.data.timeZone, userSettings, {
                            zoneLabel: true,
                          })}
                        </td>
                        <td>{e.description}</td>
                      </tr>
                    ))}
                  </tbody>
                </>
              )}
            </table>
          )}
          {detailsOpen && details.data && <JobFaxes details={details.data} />}
          {detailsOpen && details.data && (
            <JobDeliveries jobId={row.jobId} timeZone={details.data.timeZone} />
          )}
        </div>
      </div>
    </section>
  );
}
