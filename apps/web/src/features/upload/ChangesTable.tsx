import { Table } from '@mantine/core';
import type { UploadChange } from '@quill/core/contract/schedule';
import { useTranslation } from 'react-i18next';
import classes from './ScheduleUploadPage.module.css';

/**
 * The changed fields of patients, visits, orders (and jobs) of an upload — record, field, value
 * before and after — in a scrolling region reached by keyboard. Shared by the preview (what it
 * will change) and the effect (what it changed).
 */
export function ChangesTable({ changes, label }: { changes: UploadChange[]; label: string }) {
  const { t } = useTranslation();
  return (
    // A scrolling region is reached by keyboard (axe scrollable-region-focusable).
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region
    <section className={classes.effectList} tabIndex={0} aria-label={label}>
      <Table striped withTableBorder aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('schedule.effectRecord')}</Table.Th>
            <Table.Th scope="col">{t('schedule.effectField')}</Table.Th>
            <Table.Th scope="col">{t('schedule.effectBefore')}</Table.Th>
            <Table.Th scope="col">{t('schedule.effectAfter')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {changes.map((c, i) => (
            // Changes are listed in the order they were kept; they have no key of their own.
            // biome-ignore lint/suspicious/noArrayIndexKey: fixed list
            <Table.Tr key={i}>
              <Table.Td>{c.record}</Table.Td>
              <Table.Td>{c.label ?? c.field ?? t(`schedule.effectOp.${c.op}`)}</Table.Td>
              <Table.Td>{c.previous ?? ''}</Table.Td>
              <Table.Td>{c.next ?? ''}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </section>
  );
}
