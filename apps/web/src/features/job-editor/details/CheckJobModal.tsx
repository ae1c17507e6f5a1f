import { Badge, Box, Button, Group, Loader, Modal, Table, Text, Title } from '@mantine/core';
import type { HoldQueueCheckRow } from '@quill/core/rules/jobEditor/holdQueueRules';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface CheckJobModalProps {
  opened: boolean;
  onClose: () => void;
  /** Null while the check runs (or when it failed). */
  rows: HoldQueueCheckRow[] | null;
  running: boolean;
  /** Issue 39: the document's patient beside the job's, under the rules. */
  comparison?: ReactNode;
}

/** Spec 02 §2 "Check Job (hold queue check) modal": a table of Flag, Description, Passed. */
export function CheckJobModal({ opened, onClose, rows, running, comparison }: CheckJobModalProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('jobDetails.checkJobTitle')} size="lg" centered>
      {running ? (
        <Group gap="xs">
          <Loader size="sm" />
          <Text size="sm">{t('jobDetails.checking')}</Text>
        </Group>
      ) : rows === null ? (
        <Text size="sm">{t('job.holdQueueCheckFailed')}</Text>
      ) : rows.length === 0 ? (
        <Text size="sm">{t('jobDetails.noCheckRows')}</Text>
      ) : (
        <Table striped withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('jobDetails.flag')}</Table.Th>
              <Table.Th>{t('jobDetails.description')}</Table.Th>
              <Table.Th>{t('jobDetails.passed')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.ruleCode}>
                <Table.Td>{row.ruleCode}</Table.Td>
                <Table.Td>{row.ruleDescription}</Table.Td>
                <Table.Td>
                  {/* Text darker than the light variant's own (3.8:1): 5.6:1 and 4.8:1 (axe, issue 39). */}
                  <Badge
                    color={row.isTriggered ? 'red' : 'green'}
                    variant="light"
                    c={row.isTriggered ? 'red.9' : '#237032'}
                  >
                    {row.isTriggered ? t('jobDetails.no') : t('jobDetails.yes')}
                  </Badge>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {comparison && (
        <Box mt="md">
          <Title order={3} size="h6" mb={4}>
            {t('patientIdentity.title')}
          </Title>
          {comparison}
        </Box>
      )}
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose}>
          {t('jobDetails.close')}
        </Button>
      </Group>
    </Modal>
  );
}
