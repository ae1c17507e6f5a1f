import { Group, Table, Text } from '@mantine/core';
import type { HealthCheckResult } from '@quill/core/contract/health';
import { useTranslation } from 'react-i18next';
import { CheckResultBadge } from './CheckResultBadge';

/** One row per check: its name (marked when optional), a Pass/Fail badge and the detail text. */
export function ChecksTable({ results, labelledBy }: { results: HealthCheckResult[]; labelledBy: string }) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table aria-labelledby={labelledBy} verticalSpacing="sm" horizontalSpacing="md" striped withRowBorders>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col" w="28%">
              {t('health.check')}
            </Table.Th>
            <Table.Th scope="col" style={{ whiteSpace: 'nowrap' }}>
              {t('health.result')}
            </Table.Th>
            <Table.Th scope="col">{t('health.detail')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {results.map((check) => (
            <Table.Tr key={check.name} data-testid="health-check-row">
              <Table.Th scope="row" fw={600}>
                <Group gap="xs" wrap="nowrap">
                  <span>{check.name}</span>
                  {!check.required && (
                    <Text component="span" size="xs" c="gray.7" fw={500}>
                      {t('health.optional')}
                    </Text>
                  )}
                </Group>
              </Table.Th>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <CheckResultBadge result={check.result} required={check.required} />
              </Table.Td>
              <Table.Td>
                <Text size="sm" c="gray.8">
                  {check.detail}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
