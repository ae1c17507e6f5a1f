import { Badge, Button, Checkbox, CloseButton, Group, Loader, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import classes from './Bulk.module.css';
import type { FaxEntry } from './faxRecipients';

export interface FaxRecipientListProps {
  title: string;
  entries: readonly FaxEntry[];
  selected: ReadonlySet<string>;
  onToggle: (key: string, on: boolean) => void;
  onRemove: (key: string) => void;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
}

/**
 * The Fax dialog's recipients: the job's contacts first, then the users and custom recipients
 * added. A recipient with an invalid fax number is marked and cannot be checked (spec 01 §5).
 */
export function FaxRecipientList(props: FaxRecipientListProps) {
  const { t } = useTranslation();
  const { entries, selected } = props;
  const contacts = entries.filter((e) => e.source === 'contact');
  return (
    <section aria-labelledby="fax-recipients-title">
      <h3 id="fax-recipients-title" className={classes.sectionTitle}>
        {t('fax.recipients')}
      </h3>
      <Text size="xs" c="dimmed" mb={6}>
        {props.title}
      </Text>
      {props.loading && (
        <Group gap="xs" role="status">
          <Loader size={14} />
          <Text size="sm">{t('fax.loadingContacts')}</Text>
        </Group>
      )}
      {props.failed && (
        <Group gap="sm" role="alert">
          <Text size="sm" c="red.8">
            {t('fax.contactsFailed')}
          </Text>
          <Button size="compact-xs" variant="light" onClick={props.onRetry}>
            {t('fax.retry')}
          </Button>
        </Group>
      )}
      {!props.loading && !props.failed && contacts.length === 0 && (
        <Text size="sm" c="dimmed" mb={6}>
          {t('fax.noContacts')}
        </Text>
      )}
      {entries.length > 0 && (
        <ul className={classes.recipients} data-testid="fax-recipients">
          {entries.map((e, i) => (
            <li key={e.key} className={classes.recipient} data-invalid={e.valid ? undefined : true}>
              <Checkbox
                aria-label={`${e.recipient.name} ${e.recipient.faxNumber}`.trim()}
                checked={e.valid && selected.has(e.key)}
                disabled={!e.valid}
                onChange={(event) => props.onToggle(e.key, event.currentTarget.checked)}
                aria-describedby={e.valid ? undefined : `fax-invalid-${i}`}
              />
              <span className={classes.recipientText}>
                <span className={classes.recipientName}>{e.recipient.name}</span>
                <span className={classes.recipientNumber}>
                  {e.recipient.faxNumber || t('fax.noFaxNumber')}
                </span>
                {!e.valid && (
                  <Text size="xs" c="red.8" id={`fax-invalid-${i}`}>
                    {t('fax.invalidNumber', { name: e.recipient.name })}
                  </Text>
                )}
              </span>
              {!e.valid && (
                <Badge size="xs" color="red" variant="light">
                  {t('fax.invalid')}
                </Badge>
              )}
              {e.recipient.recipientType && (
                <Badge size="xs" color="gray" variant="light">
                  {e.recipient.recipientType}
                </Badge>
              )}
              {e.source !== 'contact' && (
                <CloseButton
                  size="sm"
                  aria-label={t('fax.remove', { name: e.recipient.name })}
                  onClick={() => props.onRemove(e.key)}
                />
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
