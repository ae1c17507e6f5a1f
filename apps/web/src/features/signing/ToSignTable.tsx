import { Badge, Checkbox, Table, Text } from '@mantine/core';
import type { ToSignRow } from '@quill/core/contract/signing';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import tableClasses from '../job-list/table/JobTable.module.css';
import classes from './Signing.module.css';

export interface ToSignTableProps {
  rows: readonly ToSignRow[];
  selected: ReadonlySet<number>;
  onToggle: (jobId: number) => void;
  onToggleAll: (checked: boolean) => void;
}

/** Why a row is here beyond its own dictation: signed again, co-signed, or on behalf of someone. */
function RowNotes({ row }: { row: ToSignRow }) {
  const { t } = useTranslation();
  return (
    <div className={classes.notes}>
      {row.forceResign && (
        <Text size="sm" className={classes.resign}>
          {row.resignReason ? t('toSign.resign', { reason: row.resignReason }) : t('toSign.resignNoReason')}
        </Text>
      )}
      {row.meaning === 'co-signer' && (
        <Badge color="grape.9" size="sm">
          {t('toSign.coSign')}
        </Badge>
      )}
      {row.onBehalfOf && <Text size="sm">{t('toSign.onBehalfOf', { name: row.onBehalfOf })}</Text>}
    </div>
  );
}

/**
 * The To sign queue's table (issue 43): a checkbox per row and for all, the STAT mark, the job id
 * opening the read-only view, dictator, patient, Subject ID, work type, facility, dictated date
 * and why it is here. Every control is a native one: Tab reaches each, Space checks, Enter opens.
 */
export function ToSignTable({ rows, selected, onToggle, onToggleAll }: ToSignTableProps) {
  const { t } = useTranslation();
  const checked = rows.filter((r) => selected.has(r.jobId)).length;
  const withheld = t('toSign.patientWithheld');
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table striped highlightOnHover aria-label={t('toSign.tableLabel')} data-testid="to-sign-table">
        <Table.Thead className={classes.head}>
          <Table.Tr>
            <Table.Th className={classes.check}>
              <Checkbox
                aria-label={t('toSign.selectAll')}
                checked={rows.length > 0 && checked === rows.length}
                indeterminate={checked > 0 && checked < rows.length}
                onChange={(e) => onToggleAll(e.currentTarget.checked)}
              />
            </Table.Th>
            <Table.Th>{t('toSign.columns.stat')}</Table.Th>
            <Table.Th>{t('toSign.columns.jobId')}</Table.Th>
            <Table.Th>{t('toSign.columns.dictator')}</Table.Th>
            <Table.Th>{t('toSign.columns.patient')}</Table.Th>
            <Table.Th>{t('toSign.columns.subjectId')}</Table.Th>
            <Table.Th>{t('toSign.columns.workType')}</Table.Th>
            <Table.Th>{t('toSign.columns.facility')}</Table.Th>
            <Table.Th>{t('toSign.columns.dictated')}</Table.Th>
            <Table.Th>{t('toSign.columns.notes')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.jobId} data-testid={`to-sign-row-${row.jobId}`}>
              <Table.Td className={classes.check}>
                <Checkbox
                  aria-label={t('toSign.selectJob', { jobId: String(row.jobId) })}
                  checked={selected.has(row.jobId)}
                  onChange={() => onToggle(row.jobId)}
                />
              </Table.Td>
              <Table.Td className={classes.nowrap}>
                {row.stat && <span className={tableClasses.stat}>{t('toSign.statMark')}</span>}
              </Table.Td>
              <Table.Td>
                <Link
                  to="/to-sign/$id"
                  params={{ id: String(row.jobId) }}
                  aria-label={t('toSign.openJob', { jobId: String(row.jobId) })}
                  className={classes.jobLink}
                >
                  {row.jobId}
                </Link>
              </Table.Td>
              <Table.Td className={classes.nowrap}>{row.dictatorName}</Table.Td>
              <Table.Td className={classes.nowrap}>{row.patientName ?? withheld}</Table.Td>
              <Table.Td className={classes.nowrap}>{row.patientMRN ?? ''}</Table.Td>
              <Table.Td>{row.workType}</Table.Td>
              <Table.Td>{row.clientFacility}</Table.Td>
              <Table.Td className={classes.nowrap}>{row.formattedDictatedDate}</Table.Td>
              <Table.Td>
                <RowNotes row={row} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
