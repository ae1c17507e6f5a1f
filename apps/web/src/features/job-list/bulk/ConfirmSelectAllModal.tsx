import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface ConfirmSelectAllModalProps {
  opened: boolean;
  pageCount: number;
  total: number;
  onSelectAll: () => void;
  onPageOnly: () => void;
}

const numberFormat = new Intl.NumberFormat('en-US');

/** Spec 01 §4: after the header box checked the page, asks whether to select all remaining jobs. */
export function ConfirmSelectAllModal({
  opened,
  pageCount,
  total,
  onSelectAll,
  onPageOnly,
}: ConfirmSelectAllModalProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onPageOnly} title={t('jobList.selectAll.title')} centered size="md">
      <Text size="sm">
        {t('jobList.selectAll.message', {
          page: numberFormat.format(pageCount),
          total: numberFormat.format(total),
        })}
      </Text>
      <Group justify="flex-end" mt="lg" gap="sm">
        <Button variant="default" onClick={onPageOnly}>
          {t('jobList.selectAll.pageOnly')}
        </Button>
        <Button onClick={onSelectAll} data-autofocus>
          {t('jobList.selectAll.all', { total: numberFormat.format(total) })}
        </Button>
      </Group>
    </Modal>
  );
}
