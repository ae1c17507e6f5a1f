import type { JobListColumn } from '@quill/core/rules/jobList/jobListColumns';
import type { JobListSort } from '@quill/core/rules/jobList/jobListSort';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import listClasses from '../JobList.module.css';
import { COLUMN_WIDTHS, FIXED_WIDTHS } from './columnWidths';
import { ArrowDownIcon, ArrowUpIcon, SortIcon } from './icons';
import classes from './JobTable.module.css';

export interface JobTableHeadProps {
  columns: readonly JobListColumn[];
  sort: JobListSort | null;
  onSort: (column: JobListColumn) => void;
  headerState: 'all' | 'some' | 'none';
  onHeaderToggle: () => void;
  canExpand: boolean;
  disabled: boolean;
}

/** The headings: the select-all box, then one sortable heading per visible column. */
export function JobTableHead({
  columns,
  sort,
  onSort,
  headerState,
  onHeaderToggle,
  canExpand,
  disabled,
}: JobTableHeadProps) {
  const { t } = useTranslation();
  const box = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (box.current) box.current.indeterminate = headerState === 'some';
  }, [headerState]);
  return (
    <thead>
      <tr>
        <th scope="col" className={classes.narrow} style={{ width: FIXED_WIDTHS.select }}>
          <input
            ref={box}
            type="checkbox"
            className={classes.checkbox}
            aria-label={t('jobList.table.selectPage')}
            checked={headerState === 'all'}
            disabled={disabled}
            onChange={onHeaderToggle}
            data-testid="select-page"
          />
        </th>
        {canExpand && (
          <th scope="col" className={classes.narrow} style={{ width: FIXED_WIDTHS.expand }}>
            <span className={listClasses.visuallyHidden}>{t('jobList.details.details')}</span>
          </th>
        )}
        <th scope="col" className={classes.narrow} style={{ width: FIXED_WIDTHS.indicators }}>
          <span className={listClasses.visuallyHidden}>{t('jobList.table.indicators')}</span>
        </th>
        {columns.map((column) => {
          const active = sort?.column === column;
          const direction = active ? (sort.ascending ? 'ascending' : 'descending') : 'none';
          const Icon = !active ? SortIcon : sort.ascending ? ArrowUpIcon : ArrowDownIcon;
          return (
            <th
              key={column}
              scope="col"
              aria-sort={direction}
              data-column={column}
              style={{ width: COLUMN_WIDTHS[column] }}
            >
              <button type="button" className={classes.sortButton} onClick={() => onSort(column)}>
                {t(`jobList.columns.${column}`)}
                <Icon size={13} className={active ? classes.sortActive : classes.sortIdle} />
              </button>
            </th>
          );
        })}
      </tr>
    </thead>
  );
}
