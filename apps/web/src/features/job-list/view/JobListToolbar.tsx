import { Button, CloseButton, NativeSelect, TextInput } from '@mantine/core';
import { JOB_LIST_COLUMNS, type JobListColumn } from '@quill/core/rules/jobList/jobListColumns';
import { LIMITS } from '@quill/core/rules/settings/constants';
import { memo, type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { BulkActionsButton } from '../bulk/BulkActionsButton';
import classes from '../JobList.module.css';
import { ColumnOptions } from '../table/ColumnOptions';
import type { ColumnVisibility } from '../table/columnVisibility';
import { DownloadIcon, ReloadIcon, ResetIcon, SearchIcon } from '../table/icons';

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

/** The search box, with its clear button. */
const SearchBox = memo(function SearchBox({
  search,
  onSearch,
}: Pick<JobListToolbarProps, 'search' | 'onSearch'>) {
  const { t } = useTranslation();
  return (
    <TextInput
      className={classes.search}
      size="xs"
      type="search"
      aria-label={t('jobList.toolbar.search')}
      placeholder={t('jobList.toolbar.searchPlaceholder')}
      leftSection={<SearchIcon size={14} />}
      value={search}
      maxLength={LIMITS.jobListSearchMax}
      onChange={(e) => onSearch(e.currentTarget.value)}
      rightSection={
        search ? (
          <CloseButton size="sm" aria-label={t('jobList.toolbar.clearSearch')} onClick={() => onSearch('')} />
        ) : null
      }
    />
  );
});

/**
 * The grouping column's choice (spec 01 §9): the browser's own select, a fixed list of a few
 * options. A combobox here cost a grouping ~10 ms more of the main thread (its dropdown closed and
 * its focused text field laid the page out again in the same task; docs/decisions.md).
 */
const GroupBySelect = memo(function GroupBySelect({
  group,
  onGroup,
}: Pick<JobListToolbarProps, 'group' | 'onGroup'>) {
  const { t } = useTranslation();
  const groupOptions = useMemo(
    () => [
      { value: NO_GROUPING, label: t('jobList.toolbar.noGrouping') },
      ...JOB_LIST_COLUMNS.map((c) => ({ value: c, label: t(`jobList.columns.${c}`) })),
    ],
    [t],
  );
  return (
    <NativeSelect
      className={classes.groupBy}
      size="xs"
      aria-label={t('jobList.toolbar.groupBy')}
      leftSection={<span className={classes.selectPrefix}>{t('jobList.toolbar.groupBy')}</span>}
      leftSectionWidth={72}
      data={groupOptions}
      value={group ?? NO_GROUPING}
      onChange={(event) => {
        const value = event.currentTarget.value;
        onGroup(value ? (value as JobListColumn) : null);
      }}
      data-testid="group-by"
    />
  );
});

/** Reset, reload and export. */
const ListActions = memo(function ListActions({
  onReset,
  onReload,
  reloading,
  exportUrl,
}: Pick<JobListToolbarProps, 'onReset' | 'onReload' | 'reloading' | 'exportUrl'>) {
  const { t } = useTranslation();
  return (
    <>
      <Button size="xs" variant="default" leftSection={<ResetIcon size={14} />} onClick={onReset}>
        {t('jobList.toolbar.reset')}
      </Button>
      <Button
        size="xs"
        variant="default"
        leftSection={<ReloadIcon size={14} />}
        onClick={onReload}
        disabled={reloading}
      >
        {t('jobList.toolbar.reload')}
      </Button>
      <Button
        size="xs"
        variant="default"
        component="a"
        href={exportUrl}
        download
        title={t('jobList.toolbar.exportHint')}
        leftSection={<DownloadIcon size={14} />}
      >
        {t('jobList.toolbar.export')}
      </Button>
    </>
  );
});

/**
 * Spec 01 §2 "Toolbar": search, grouping, column options, reset, reload, export, bulk actions.
 * Each part renders only when its own props change (a grouping re-renders the grouping's select
 * alone).
 */
export const JobListToolbar = memo(function JobListToolbar(props: JobListToolbarProps) {
  const { t } = useTranslation();
  return (
    <div className={classes.toolbar} role="toolbar" aria-label={t('jobList.toolbar.label')}>
      <SearchBox search={props.search} onSearch={props.onSearch} />
      <GroupBySelect group={props.group} onGroup={props.onGroup} />
      <ColumnOptions visibility={props.visibility} onChange={props.onColumnVisible} />
      <ListActions
        onReset={props.onReset}
        onReload={props.onReload}
        reloading={props.reloading}
        exportUrl={props.exportUrl}
      />
      <span className={classes.toolbarSpacer} />
      {props.bulkActions ?? <BulkActionsButton count={props.selectedCount} />}
    </div>
  );
});
