import { Button, CloseButton, Select, TextInput } from '@mantine/core';
import { JOB_LIST_COLUMNS, type JobListColumn } from '@quill/core/rules/jobListColumns';
import { memo, type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { BulkActionsButton } from './BulkActionsButton';
import { ColumnOptions } from './ColumnOptions';
import type { ColumnVisibility } from './columnVisibility';
import { DownloadIcon, ReloadIcon, ResetIcon, SearchIcon } from './icons';
import classes from './JobList.module.css';

export interface JobListToolbarProps {
  search: string;
  onSearch: (text: string) => void;
  group: JobListColumn | null;
  onGroup: (column: JobListColumn | null) => void;
  visibility: ColumnVisibility;
  onColumnVisible: (column: JobListColumn, visible: boolean) => void;
  onReset: () => void;
  onReload: () => void;
  reloading: boolean;
  exportUrl: string;
  selectedCount: number;
  /** The bulk actions menu (BulkActions); without it, just the button with the count. */
  bulkActions?: ReactNode;
}

const NO_GROUPING = '';

/** Spec 01 §2 "Toolbar": search, grouping, column options, reset, reload, export, bulk actions. */
export const JobListToolbar = memo(function JobListToolbar(props: JobListToolbarProps) {
  const { t } = useTranslation();
  const groupOptions = useMemo(
    () => [
      { value: NO_GROUPING, label: t('jobList.toolbar.noGrouping') },
      ...JOB_LIST_COLUMNS.map((c) => ({ value: c, label: t(`jobList.columns.${c}`) })),
    ],
    [t],
  );
  return (
    <div className={classes.toolbar} role="toolbar" aria-label={t('jobList.toolbar.label')}>
      <TextInput
        className={classes.search}
        size="xs"
        type="search"
        aria-label={t('jobList.toolbar.search')}
        placeholder={t('jobList.toolbar.searchPlaceholder')}
        leftSection={<SearchIcon size={14} />}
        value={props.search}
        onChange={(e) => props.onSearch(e.currentTarget.value)}
        rightSection={
          props.search ? (
            <CloseButton
              size="sm"
              aria-label={t('jobList.toolbar.clearSearch')}
              onClick={() => props.onSearch('')}
            />
          ) : null
        }
      />
      <Select
        className={classes.groupBy}
        size="xs"
        aria-label={t('jobList.toolbar.groupBy')}
        leftSection={<span className={classes.selectPrefix}>{t('jobList.toolbar.groupBy')}</span>}
        leftSectionWidth={72}
        data={groupOptions}
        value={props.group ?? NO_GROUPING}
        onChange={(value) => props.onGroup(value ? (value as JobListColumn) : null)}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
        data-testid="group-by"
      />
      <ColumnOptions visibility={props.visibility} onChange={props.onColumnVisible} />
      <Button size="xs" variant="default" leftSection={<ResetIcon size={14} />} onClick={props.onReset}>
        {t('jobList.toolbar.reset')}
      </Button>
      <Button
        size="xs"
        variant="default"
        leftSection={<ReloadIcon size={14} />}
        onClick={props.onReload}
        disabled={props.reloading}
      >
        {t('jobList.toolbar.reload')}
      </Button>
      <Button
        size="xs"
        variant="default"
        component="a"
        href={props.exportUrl}
        download
        leftSection={<DownloadIcon size={14} />}
      >
        {t('jobList.toolbar.export')}
      </Button>
      <span className={classes.toolbarSpacer} />
      {props.bulkActions ?? <BulkActionsButton count={props.selectedCount} />}
    </div>
  );
});
