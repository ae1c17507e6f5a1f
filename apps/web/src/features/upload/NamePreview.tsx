import { Alert, Stack, Table, Text } from '@mantine/core';
import type { SampleDataTable } from '@quill/core/contract/schedule';
import {
  compositeFormatLabel,
  compositeNameWarning,
  splitCompositeName,
} from '@quill/core/rules/adt/compositeName';
import { useTranslation } from 'react-i18next';

export interface NamePreviewProps {
  heading: string;
  sampleTable: SampleDataTable;
  format: number;
}

/** The composite name cells of the sample rows. */
export function sampleNames(sampleTable: SampleDataTable, heading: string): string[] {
  const column = sampleTable.headings.indexOf(heading);
  return column < 0 ? [] : sampleTable.rows.map((r) => r[column] ?? '').filter((n) => n.trim() !== '');
}

/**
 * Issue 18: the sample names of a composite name heading split by the chosen format — by the same
 * rule the import stores them by — and a warning when they look like another format. The warning
 * does not block the submit (docs/decisions.md "Schedule upload preview and revert").
 */
export function NamePreview({ heading, sampleTable, format }: NamePreviewProps) {
  const { t } = useTranslation();
  const names = sampleNames(sampleTable, heading);
  if (names.length === 0) return null;
  const warning = compositeNameWarning(names, format);
  return (
    <Stack gap="xs" data-testid="schedule-name-preview">
      {warning && (
        <Alert color="orange" variant="light" role="alert" data-testid="schedule-name-warning">
          <Text size="sm" c="gray.9">
            {t(warning === 'commaUnexpected' ? 'schedule.nameCommaUnexpected' : 'schedule.nameCommaMissing', {
              format: compositeFormatLabel(format),
            })}
          </Text>
        </Alert>
      )}
      <Table withTableBorder withColumnBorders striped captionSide="top">
        <Table.Caption>
          <Text component="span" size="sm" fw={600} c="gray.9">
            {t('schedule.namePreview')}
          </Text>
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('schedule.namePreviewSample')}</Table.Th>
            <Table.Th scope="col">{t('schedule.namePreviewFirst')}</Table.Th>
            <Table.Th scope="col">{t('schedule.namePreviewMiddle')}</Table.Th>
            <Table.Th scope="col">{t('schedule.namePreviewLast')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {names.map((name, i) => {
            const split = splitCompositeName(name, format);
            return (
              // Sample rows have no identity of their own; their order is fixed.
              // biome-ignore lint/suspicious/noArrayIndexKey: fixed rows
              <Table.Tr key={i}>
                <Table.Td>{name}</Table.Td>
                <Table.Td>{split.first}</Table.Td>
                <Table.Td>{split.middle}</Table.Td>
                <Table.Td>{split.last}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
