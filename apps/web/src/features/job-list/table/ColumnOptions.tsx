import { Button, Checkbox, Popover } from '@mantine/core';
import { JOB_LIST_COLUMNS, type JobListColumn } from '@quill/core/rules/jobList/jobListColumns';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import classes from '../JobList.module.css';
import type { ColumnVisibility } from './columnVisibility';
import { ColumnsIcon } from './icons';

/** Column options: show or hide each column (spec 01 §2 "Toolbar"). */
export const ColumnOptions = memo(function ColumnOptions({
  visibility,
  onChange,
}: {
  visibility: ColumnVisibility;
  onChange: (column: JobListColumn, visible: boolean) => void;
}) {
  const { t } = useTranslation();
  const shown = JOB_LIST_COLUMNS.filter((c) => visibility[c]).length;
  return (
    <Popover position="bottom-start" shadow="md" withinPortal trapFocus returnFocus>
      <Popover.Target>
        <Button size="xs" variant="default" leftSection={<ColumnsIcon size={14} />}>
          {t('jobList.toolbar.columnOptions')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <fieldset className={classes.columnList} aria-label={t('jobList.toolbar.columnOptions')}>
          {JOB_LIST_COLUMNS.map((column) => (
            <Checkbox
              key={column}
              size="xs"
              label={t(`jobList.columns.${column}`)}
              checked={visibility[column]}
              // Keep at least one column.
              disabled={visibility[column] && shown === 1}
              onChange={(e) => onChange(column, e.currentTarget.checked)}
            />
          ))}
        </fieldset>
      </Popover.Dropdown>
    </Popover>
  );
});
