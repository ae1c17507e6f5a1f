import { Checkbox, Group, Radio, ScrollArea, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import type { AdtDisplayType, AdtSearchResult } from '@quill/core/contract/adt/adt';
import { type KeyboardEvent, type MouseEvent, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../../app/session/SessionContext';
import identityClasses from '../../identity/PatientIdentity.module.css';
import { adtCellText } from '../adtCellText';

type MatchField = AdtSearchResult['patientMatchField'][number];
type Cell = AdtSearchResult['patient'][number]['value'][number];

/** A row of a result table: its record id and its cells in the order of the columns. */
export interface AdtResultRow {
  instanceId: number;
  value: Cell[];
}

export interface AdtResultTableProps {
  title: string;
  columns: MatchField[];
  rows: AdtResultRow[];
  /** Single: one row (a radio group); multi: any rows (checkboxes). */
  mode: 'single' | 'multi';
  selected: readonly number[];
  onChoose(instanceId: number): void;
  /** The accessible name of a row's radio or checkbox, from the row's cells as shown. */
  chooseLabel(cells: string): string;
  /** Long lists scroll inside the table's box instead of stretching the modal. */
  maxHeight?: number;
  /** Issue 39: whether a cell differs from the document's patient (marked in colour and words). */
  differs?: (column: MatchField, raw: string | null) => boolean;
}

/**
 * One of the Search & Accept ADT modal's Patients, Visits and Orders tables (spec 02 §2): a real
 * table with a header row, a radio or checkbox per row (Tab reaches it, Space or Enter chooses it)
 * and the whole row clickable for the mouse. Dates read in the user's formats.
 */
export function AdtResultTable(props: AdtResultTableProps) {
  const { title, columns, rows, mode, selected, onChoose, chooseLabel, maxHeight, differs } = props;
  const { t } = useTranslation();
  const { userSettings } = useSession();
  const id = useId();
  const show = (cell: Cell | undefined, type: AdtDisplayType | undefined) => {
    const text = cell?.raw ?? '';
    if (type === 'date' || type === 'datetime') return adtCellText(text, type, userSettings);
    return String(cell?.parsed ?? text);
  };
  const onRowClick = (event: MouseEvent, instanceId: number) => {
    // The input's own click already chose the row.
    if ((event.target as HTMLElement).closest('input')) return;
    onChoose(instanceId);
  };
  const onKeyDown = (event: KeyboardEvent, instanceId: number) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    onChoose(instanceId);
  };

  const table = (
    <Table highlightOnHover stickyHeader aria-labelledby={`${id}-title`}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={48}>
            <VisuallyHidden>{t('adt.searchModal.choose')}</VisuallyHidden>
          </Table.Th>
          {columns.map((c) => (
            <Table.Th key={c.name}>{c.name}</Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => {
          const cells = columns.map((c, i) => show(row.value[i], c.type));
          const checked = selected.includes(row.instanceId);
          const input = {
            checked,
            'aria-label': chooseLabel(cells.filter(Boolean).join(' ')),
            onKeyDown: (e: KeyboardEvent) => onKeyDown(e, row.instanceId),
          };
          return (
            <Table.Tr
              key={row.instanceId}
              onClick={(e) => onRowClick(e, row.instanceId)}
              bg={checked ? 'var(--mantine-primary-color-light)' : undefined}
              style={{ cursor: 'pointer' }}
            >
              <Table.Td>
                {mode === 'single' ? (
                  <Radio name={`${id}-choice`} onChange={() => onChoose(row.instanceId)} {...input} />
                ) : (
                  <Checkbox onChange={() => onChoose(row.instanceId)} {...input} />
                )}
              </Table.Td>
              {cells.map((text, i) => {
                const column = columns[i];
                const marked = column && differs?.(column, row.value[i]?.raw ?? null);
                return (
                  <Table.Td key={column?.name ?? i} data-differs={marked || undefined}>
                    {marked ? (
                      <>
                        <span className={identityClasses.mark}>{text}</span>
                        <VisuallyHidden>{t('patientIdentity.differsFromDocument')}</VisuallyHidden>
                      </>
                    ) : (
                      text
                    )}
                  </Table.Td>
                );
              })}
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );

  return (
    <section>
      <Group gap="xs" align="baseline" mb={4}>
        <Title order={4} id={`${id}-title`}>
          {title}
        </Title>
        {/* How many rows: a long list scrolls inside its box, so say how much there is. */}
        <Text size="sm" c="dimmed">
          ({rows.length})
        </Text>
      </Group>
      {maxHeight ? <ScrollArea.Autosize mah={maxHeight}>{table}</ScrollArea.Autosize> : table}
    </section>
  );
}
