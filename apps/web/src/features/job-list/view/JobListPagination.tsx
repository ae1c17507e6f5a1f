import { Button, Select } from '@mantine/core';
import { LIMITS } from '@quill/core/rules/settings/constants';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import classes from '../JobList.module.css';
import { ChevronLeftIcon, ChevronRightIcon } from '../table/icons';
import { pageCount, pageWindow, recordCounts } from './pagination';

export interface JobListPaginationProps {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
}

const numberFormat = new Intl.NumberFormat('en-US');

/**
 * Spec 01 §2/§9: the record line 'Showing X of N Records', page sizes 10/25/50/100, and First,
 * previous, a window of page buttons, next and Last.
 */
export const JobListPagination = memo(function JobListPagination({
  page,
  pageSize,
  total,
  onPage,
  onPageSize,
}: JobListPaginationProps) {
  const { t } = useTranslation();
  const pages = pageCount(total, pageSize);
  const { shown, from, to } = recordCounts(page, pageSize, total);
  const first = page === 0;
  const last = page >= pages - 1;
  return (
    <div className={classes.pager}>
      <span className={classes.records} aria-live="polite">
        <span data-testid="record-line">
          {t('jobList.pagination.records', {
            shown: numberFormat.format(shown),
            total: numberFormat.format(total),
          })}
        </span>
        {shown > 0 && (
          <span className={classes.recordRange} data-testid="record-range">
            {' '}
            {t('jobList.pagination.range', { from: numberFormat.format(from), to: numberFormat.format(to) })}
          </span>
        )}
      </span>
      <div className={classes.pageSize}>
        <span id="job-list-page-size">{t('jobList.pagination.pageSize')}</span>
        <Select
          className={classes.pageSizeSelect}
          size="xs"
          aria-labelledby="job-list-page-size"
          data={LIMITS.pageSizes.map((s) => String(s))}
          value={String(pageSize)}
          onChange={(value) => value && onPageSize(Number(value))}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          data-testid="page-size"
        />
      </div>
      <nav className={classes.pageButtons} aria-label={t('jobList.pagination.label')}>
        <Button size="compact-sm" variant="default" disabled={first} onClick={() => onPage(0)}>
          {t('jobList.pagination.first')}
        </Button>
        <Button
          size="compact-sm"
          variant="default"
          disabled={first}
          onClick={() => onPage(page - 1)}
          aria-label={t('jobList.pagination.previous')}
        >
          <ChevronLeftIcon size={14} />
        </Button>
        {pageWindow(page, pages).map((p) => (
          <Button
            key={p}
            size="compact-sm"
            variant={p === page ? 'filled' : 'default'}
            aria-current={p === page ? 'page' : undefined}
            aria-label={t('jobList.pagination.page', { page: String(p + 1) })}
            onClick={() => onPage(p)}
          >
            {numberFormat.format(p + 1)}
          </Button>
        ))}
        <Button
          size="compact-sm"
          variant="default"
          disabled={last}
          onClick={() => onPage(page + 1)}
          aria-label={t('jobList.pagination.next')}
        >
          <ChevronRightIcon size={14} />
        </Button>
        <Button size="compact-sm" variant="default" disabled={last} onClick={() => onPage(pages - 1)}>
          {t('jobList.pagination.last')}
        </Button>
      </nav>
    </div>
  );
});
