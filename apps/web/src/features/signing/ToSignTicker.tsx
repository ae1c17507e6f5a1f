import { Button, Loader } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import classes from '../job-list/JobList.module.css';
import { useSigns } from './useSigns';
import { useToSignCount } from './useToSignCount';

const numberFormat = new Intl.NumberFormat('en-US');

/**
 * Issue 43: the To sign ticker beside the spec's four queue tickers (a list item of their list),
 * for an account that signs: the jobs waiting for its signature, loading and failed states like
 * theirs; it opens the To sign page.
 */
export function ToSignTicker({ active = false }: { active?: boolean }) {
  const { t } = useTranslation();
  const signs = useSigns();
  const count = useToSignCount();
  if (!signs) return null;
  const state = count.isError ? 'failed' : count.data ? 'ready' : 'loading';
  return (
    <li className={classes.ticker} data-active={active || undefined} data-testid="ticker-toSign">
      <Link to="/to-sign" className={classes.tickerButton} aria-current={active ? 'page' : undefined}>
        <span className={classes.tickerTitle}>{t('toSign.ticker')}</span>
        <span className={classes.tickerCount} data-testid="ticker-count-toSign" data-state={state}>
          {state === 'loading' && <Loader size={18} aria-label={t('jobList.tickers.loading')} />}
          {state === 'failed' && (
            <span className={classes.tickerFailed}>{t('jobList.tickers.unavailable')}</span>
          )}
          {state === 'ready' && numberFormat.format(count.data?.count ?? 0)}
        </span>
      </Link>
      {state === 'failed' && (
        <Button
          size="compact-sm"
          variant="default"
          className={classes.tickerRetry}
          onClick={() => void count.refetch()}
        >
          {t('jobList.tickers.retry')}
        </Button>
      )}
    </li>
  );
}
