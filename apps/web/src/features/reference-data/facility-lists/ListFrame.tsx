import { Alert, Button, Group, Loader, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface ListFrameProps {
  loading: boolean;
  error: Error | null;
  empty: boolean;
  emptyText: string;
  /** What a change affects, said above the table. */
  note?: string;
  addLabel: string;
  /** Absent when the account may not change the list: no Add button. */
  onAdd?: () => void;
  /** The table. */
  children: ReactNode;
}

/** A list of a facility's reference data: what a change affects, the Add button, then the table (or why none). */
export function ListFrame({
  loading,
  error,
  empty,
  emptyText,
  note,
  addLabel,
  onAdd,
  children,
}: ListFrameProps) {
  const { t } = useTranslation();
  return (
    <section aria-busy={loading}>
      <Group justify="space-between" align="center" mb="sm" gap="sm">
        {note ? (
          <Text size="sm" c="dimmed">
            {note}
          </Text>
        ) : (
          <span />
        )}
        {onAdd && <Button onClick={onAdd}>{addLabel}</Button>}
      </Group>
      {loading && <Loader size="sm" aria-label={t('jobList.loading')} />}
      {error && (
        <Alert color="red" role="alert">
          {error.message || t('reference.lists.loadFailed')}
        </Alert>
      )}
      {!loading && !error && (empty ? <Text size="sm">{emptyText}</Text> : children)}
    </section>
  );
}
