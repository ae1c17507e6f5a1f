import { Badge, Button, Checkbox, CloseButton, Group, Loader, Text } from '@mantine/core';
import { recipientKindLabelKey, recipientKindOf } from '@quill/core/contract/fax';
import { useTranslation } from 'react-i18next';
import classes from './Bulk.module.css';
import type { FaxEntry } from './faxRecipients';

/** One selected job's contacts as the dialog shows them. */
export interface FaxRecipientGroup {
  jobId: number;
  title: string;
  entries: readonly FaxEntry[];
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
}

/** A job an added recipient may be chosen for: its checkbox's visible label and accessible name. */
export interface AddedJobChoice {
  jobId: number;
  label: string;
  name: (recipientName: string) => string;
}

export interface FaxRecipientListProps {
  groups: readonly FaxRecipientGroup[];
  /** Users found by search and custom recipients. */
  added: readonly FaxEntry[];
  /** Whether a recipient is checked in a job's list, or (`null`) in its one checkbox. */
  isChecked: (jobId: number | null, key: string) => boolean;
  onToggle: (jobId: number | null, key: string, on: boolean) => void;
  /** The jobs an added recipient is chosen for one by one; null when one checkbox stands for all. */
  addedJobs: readonly AddedJobChoice[] | null;
  /** The line saying which selected jobs a recipient is not a contact of, or null. */
  notContactOf: (entry: FaxEntry) => string | null;
  onRemove: (key: string) => void;
}

/**
 * The Fax dialog's recipients: each selected job's own contacts under its heading, then the users
 * and custom recipients added. A checkbox in a job's list chooses the recipient for that job (sent
 * together, one person's checkboxes check together); an added recipient has a checkbox per job
 * when the jobs go one by one. A recipient who is not a contact of a job it may receive says which;
 * one with an invalid fax number is marked and cannot be checked (spec 01 §5).
 */
export function FaxRecipientList(props: FaxRecipientListProps) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="fax-recipients-title">
      <h3 id="fax-recipients-title" className={classes.sectionTitle}>
        {t('fax.recipients')}
      </h3>
      {props.groups.map((group) => (
        <fieldset key={group.jobId} className={classes.contactGroup}>
          <legend className={classes.contactGroupTitle}>{group.title}</legend>
          {group.loading && (
            <Group gap="xs" role="status" mb={6}>
              <Loader size={14} />
              <Text size="sm">{t('fax.loadingContacts')}</Text>
            </Group>
          )}
          {group.failed && (
            <Group gap="sm" role="alert" mb={6}>
              <Text size="sm" c="red.8">
                {t('fax.contactsFailed')}
              </Text>
              <Button size="compact-xs" variant="light" onClick={group.onRetry}>
                {t('fax.retry')}
              </Button>
            </Group>
          )}
          {!group.loading && !group.failed && group.entries.length === 0 && (
            <Text size="sm" c="dimmed" mb={6}>
              {t('fax.noContacts')}
            </Text>
          )}
          <Rows idPrefix={`fax-${group.jobId}`} jobId={group.jobId} entries={group.entries} {...props} />
        </fieldset>
      ))}
      {props.added.length > 0 && (
        <fieldset className={classes.contactGroup}>
          <legend className={classes.contactGroupTitle}>{t('fax.added')}</legend>
          <Rows idPrefix="fax-added" jobId={null} entries={props.added} {...props} />
        </fieldset>
      )}
    </section>
  );
}

function Rows({
  idPrefix,
  jobId,
  entries,
  isChecked,
  addedJobs,
  notContactOf,
  onToggle,
  onRemove,
}: FaxRecipientListProps & { idPrefix: string; jobId: number | null; entries: readonly FaxEntry[] }) {
  const { t } = useTranslation();
  // A kind reads as its label; text that is no kind (never sent by the server) as it is.
  const kindLabel = (type: string) => {
    const kind = recipientKindOf(type);
    return kind ? t(recipientKindLabelKey(kind)) : type;
  };
  if (entries.length === 0) return null;
  const perJob = jobId === null ? addedJobs : null;
  return (
    <ul className={classes.recipients} data-testid="fax-recipients">
      {entries.map((e, i) => {
        const number = e.recipient.faxNumber.trim();
        const invalidId = `${idPrefix}-invalid-${i}`;
        const outsideId = `${idPrefix}-outside-${i}`;
        // Only a recipient that can be chosen says whose contact it is not.
        const outside = e.valid ? notContactOf(e) : null;
        const describedBy = [!e.valid && invalidId, outside && outsideId].filter(Boolean).join(' ');
        return (
          <li key={e.key} className={classes.recipient} data-invalid={e.valid ? undefined : true}>
            {!perJob && (
              <Checkbox
                aria-label={`${e.recipient.name} ${number}`.trim()}
                checked={e.valid && isChecked(jobId, e.key)}
                disabled={!e.valid}
                onChange={(event) => onToggle(jobId, e.key, event.currentTarget.checked)}
                aria-describedby={describedBy || undefined}
              />
            )}
            <span className={classes.recipientText}>
              <span className={classes.recipientName}>{e.recipient.name}</span>
              {number ? (
                <span className={classes.recipientNumber}>{e.recipient.faxNumber}</span>
              ) : (
                // A recipient without a number says only that (issue 18, point 14).
                <span className={classes.recipientNumber} id={invalidId}>
                  {t('fax.noFaxNumber')}
                </span>
              )}
              {!e.valid && number && (
                <Text size="xs" c="red.8" id={invalidId}>
                  {t('fax.invalidNumber', { name: e.recipient.name })}
                </Text>
              )}
              {outside && (
                <Text size="xs" c="red.9" fw={600} id={outsideId} data-testid="fax-not-contact">
                  {outside}
                </Text>
              )}
              {perJob && e.valid && (
                <Group
                  gap="sm"
                  mt={4}
                  role="group"
                  aria-label={t('fax.addedJobs', { name: e.recipient.name })}
                  data-testid="fax-added-jobs"
                >
                  {perJob.map((job) => (
                    <Checkbox
                      key={job.jobId}
                      size="xs"
                      label={job.label}
                      aria-label={job.name(e.recipient.name)}
                      checked={isChecked(job.jobId, e.key)}
                      onChange={(event) => onToggle(job.jobId, e.key, event.currentTarget.checked)}
                      aria-describedby={describedBy || undefined}
                    />
                  ))}
                </Group>
              )}
            </span>
            {!e.valid && number && (
              <Badge size="xs" color="red" variant="light">
                {t('fax.invalid')}
              </Badge>
            )}
            {e.recipient.recipientType && (
              <Badge size="xs" color="gray" variant="light">
                {kindLabel(e.recipient.recipientType)}
              </Badge>
            )}
            {e.source !== 'contact' && (
              <CloseButton
                size="sm"
                aria-label={t('fax.remove', { name: e.recipient.name })}
                onClick={() => onRemove(e.key)}
              />
            )}
          </li>
        );
      })}
    </ul>
  );
}
