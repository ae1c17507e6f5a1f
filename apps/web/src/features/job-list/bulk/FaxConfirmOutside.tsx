import { Alert, Button, Group, List, Stack } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/** A chosen recipient and the selected jobs it would receive without being their contact. */
export interface OutsideRecipient {
  key: string;
  name: string;
  jobs: readonly string[];
}

export interface FaxConfirmOutsideProps {
  outside: readonly OutsideRecipient[];
  sending: boolean;
  onBack: () => void;
  onConfirm: () => void;
}

/**
 * The explicit step before a job goes to someone outside its own contacts (issue 18): it names,
 * per recipient, the jobs (and patients, to accounts that may see them) concerned. It takes the
 * focus when it opens, so a screen reader reads it before anything is sent.
 */
export function FaxConfirmOutside({ outside, sending, onBack, onConfirm }: FaxConfirmOutsideProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <Stack gap="md">
      <Alert
        ref={ref}
        tabIndex={-1}
        color="red"
        variant="light"
        // Mantine's light red text is too pale on its background (WCAG 2.1 AA contrast).
        styles={{
          title: { color: 'var(--mantine-color-red-9)' },
          message: { color: 'var(--mantine-color-text)' },
        }}
        role="alert"
        title={t('fax.confirmTitle')}
        data-testid="fax-confirm-outside"
      >
        <Stack gap="xs">
          <span>{t('fax.confirmIntro')}</span>
          <List size="sm" spacing={4}>
            {outside.map((o) => (
              <List.Item key={o.key}>
                {t('fax.confirmLine', { name: o.name, jobs: o.jobs.join(', ') })}
              </List.Item>
            ))}
          </List>
        </Stack>
      </Alert>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onBack} disabled={sending}>
          {t('fax.confirmBack')}
        </Button>
        <Button color="red.8" onClick={onConfirm} loading={sending} disabled={sending}>
          {sending ? t('fax.sending') : t('fax.confirmSend')}
        </Button>
      </Group>
    </Stack>
  );
}
