import type { JobDetails } from '@quill/core/contract/jobList';
import { formatJobDateTime } from '@quill/core/rules/time/jobTime';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../app/session/SessionContext';
import classes from './JobDetailsPanel.module.css';

const STATUSES = ['queued', 'sending', 'sent', 'failed'] as const;

/**
 * Who received this job by fax (issue 18 point 1): every fax that carried it, oldest first, with the
 * recipient and number as faxed, and a mark when the recipient was not one of the job's own
 * contacts (sent after the Fax dialog's confirmation).
 */
export function JobFaxes({ details }: { details: JobDetails }) {
  const { t } = useTranslation();
  const { userSettings } = useSession();
  const faxes = details.faxes ?? [];
  return (
    <table className={classes.errors} data-testid="job-faxes">
      <caption>{t('jobList.details.faxes')}</caption>
      {faxes.length === 0 ? (
        <tbody>
          <tr>
            <td className={classes.muted}>{t('jobList.details.noFaxes')}</td>
          </tr>
        </tbody>
      ) : (
        <>
          <thead>
            <tr>
              <th scope="col">{t('jobList.details.faxDate')}</th>
              <th scope="col">{t('jobList.details.faxRecipient')}</th>
              <th scope="col">{t('jobList.details.faxStatus')}</th>
            </tr>
          </thead>
          <tbody>
            {faxes.map((f, i) => (
              // Faxes have no id in this answer; their order is the server's (oldest first).
              // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list that is never reordered
              <tr key={i}>
                <td>
                  {formatJobDateTime(f.createdDate, details.timeZone, userSettings, { zoneLabel: true })}
                </td>
                <td>
                  {f.recipientName} ({f.faxNumber})
                  {!f.contactOfJob && (
                    <div className={classes.errorText}>{t('jobList.details.faxNotContact')}</div>
                  )}
                </td>
                <td>
                  {STATUSES.includes(f.status as (typeof STATUSES)[number])
                    ? t(`jobList.details.faxStatuses.${f.status as (typeof STATUSES)[number]}`)
                    : f.status}
                </td>
              </tr>
            ))}
          </tbody>
        </>
      )}
    </table>
  );
}
