import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

/** One column of a section's table: its header and what a row shows in it. */
export interface ReferenceColumn<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
}

/**
 * A section's table: a header row, then a row per item; with `actions` (the account may change
 * the list), a last Actions column holding each row's buttons.
 */
export function ReferenceTable<Row extends { id: number }>({
  label,
  columns,
  rows,
  actionsHeader,
  actions,
  rowProps,
}: {
  /** The table's name for a screen reader. */
  label: string;
  columns: readonly ReferenceColumn<Row>[];
  rows: readonly Row[];
  actionsHeader: string;
  /** A row's buttons; absent when the account may not change the list (no Actions column). */
  actions?: (row: Row) => ReactNode;
  /** Attributes of a row's element (data-* for tests and styles). */
  rowProps?: (row: Row) => Record<`data-${string}`, string | number>;
}) {
  return (
    <Table striped aria-label={label}>
      <Table.Thead>
        <Table.Tr>
          {columns.map((c) => (
            <Table.Th key={c.header}>{c.header}</Table.Th>
          ))}
          {actions && <Table.Th>{actionsHeader}</Table.Th>}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.id} {...rowProps?.(row)}>
            {columns.map((c) => (
              <Table.Td key={c.header}>{c.cell(row)}</Table.Td>
            ))}
            {actions && <Table.Td>{actions(row)}</Table.Td>}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
