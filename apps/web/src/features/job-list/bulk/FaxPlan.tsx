import { Text } from '@mantine/core';
import { groupFaxes, jobsNotFaxed } from '@quill/core/rules/recipients/faxGrouping';
import { normaliseFaxNumber } from '@quill/core/rules/recipients/faxNumber';
import { useTranslation } from 'react-i18next';
import classes from './Bulk.module.css';
import type { FaxEntry } from './faxRecipients';

export interface FaxPlanProps {
  jobIds: readonly number[];
  /** Each chosen recipient with the jobs it receives. */
  chosen: readonly { entry: FaxEntry; jobs: readonly number[] }[];
  /** A job as the dialog names it: its id, and its patient to accounts that may see it. */
  jobLabel: (jobId: number) => string;
}

/**
 * The faxes the dialog will send, by the rule the server follows (core `groupFaxes`): one per fax
 * number, naming the jobs (and patients) it carries, then the selected jobs no fax carries.
 */
export function FaxPlan({ jobIds, chosen, jobLabel }: FaxPlanProps) {
  const { t } = useTranslation();
  const { faxes } = groupFaxes(
    jobIds,
    chosen.map(({ entry, jobs }) => ({
      entry,
      number: normaliseFaxNumber(entry.recipient.faxNumber) ?? entry.recipient.faxNumber,
      chosen: jobs,
      contactOf: entry.contactOf,
    })),
    false,
  );
  if (faxes.length === 0) return null;
  const notFaxed = jobsNotFaxed(jobIds, faxes);
  return (
    <section aria-labelledby="fax-plan-title" data-testid="fax-plan">
      <h3 id="fax-plan-title" className={classes.sectionTitle}>
        {t('fax.planTitle')}
      </h3>
      <ul className={classes.plan}>
        {faxes.map((fax) => {
          const { recipient } = fax.recipients[0]!.entry;
          return (
            <li key={fax.recipients[0]!.number}>
              {t('fax.planLine', {
                name: recipient.name,
                number: recipient.faxNumber,
                jobs: fax.jobIds.map(jobLabel).join(', '),
              })}
            </li>
          );
        })}
      </ul>
      {notFaxed.length > 0 && (
        <Text size="sm" c="orange.9" fw={600} mt={4} data-testid="fax-plan-not-faxed">
          {t('fax.planNotFaxed', { count: notFaxed.length, jobs: notFaxed.map(jobLabel).join(', ') })}
        </Text>
      )}
    </section>
  );
}
