import { Button, Container, Group, Paper, Radio, Stack, Text, Title } from '@mantine/core';
import type { UserSummary } from '@quill/core/contract/account';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../useDocumentTitle';
import { summaryLabel } from './accountLabels';
import classes from './SelectUserPage.module.css';

export interface SelectUserPageProps {
  summaries: UserSummary[];
  onConfirm: (memberId: number) => void;
  /** SetUserSummary is under way. */
  selecting: boolean;
}

/**
 * Spec 01 §2 "Select User": a single-select list of the user's accounts, each 'member - type', and
 * a Confirm button. Native radio buttons: Tab into the list, arrow keys to choose, Enter or the
 * button to confirm.
 */
export function SelectUserPage({ summaries, onConfirm, selecting }: SelectUserPageProps) {
  const { t } = useTranslation();
  const title = t('account.selectUserTitle');
  useDocumentTitle(title);
  const [chosen, setChosen] = useState<string | null>(null);
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => first.current?.focus(), []);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (chosen !== null && !selecting) onConfirm(Number(chosen));
  };

  return (
    <Container size={560} py={56}>
      <Text fw={700} size="xl" c="blue.9" ta="center" mb="lg">
        {t('app.name')}
      </Text>
      <Paper withBorder radius="md" p="xl" shadow="sm">
        <form onSubmit={submit} noValidate>
          <Stack gap="lg">
            <div>
              <Title order={1} size="h2">
                {title}
              </Title>
              <Text c="dimmed" mt={6}>
                {t('account.selectUserLead')}
              </Text>
            </div>
            <Radio.Group
              value={chosen}
              onChange={setChosen}
              name="account"
              label={t('account.accounts')}
              styles={{ label: { marginBottom: 'var(--mantine-spacing-xs)' } }}
            >
              <Stack gap="xs">
                {summaries.map((summary, index) => (
                  <Radio
                    key={summary.memberId}
                    ref={index === 0 ? first : undefined}
                    value={String(summary.memberId)}
                    label={summaryLabel(t, summary)}
                    classNames={{
                      root: classes.option,
                      radio: classes.radio,
                      body: classes.body,
                      labelWrapper: classes.labelWrapper,
                      label: classes.label,
                    }}
                    onKeyDown={(event) => {
                      // Enter picks the focused account; on the picked one it confirms.
                      if (event.key !== 'Enter') return;
                      event.preventDefault();
                      const value = String(summary.memberId);
                      if (chosen === value && !selecting) onConfirm(summary.memberId);
                      else setChosen(value);
                    }}
                  />
                ))}
              </Stack>
            </Radio.Group>
            <Group justify="flex-end">
              <Button type="submit" disabled={chosen === null} loading={selecting} miw={120}>
                {t('account.confirm')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Container>
  );
}
