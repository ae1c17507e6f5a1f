import { Button, Loader } from '@mantine/core';
import type { QueueName } from '@quill/core/rules/settings/constants';
import { useTranslation } from 'react-i18next';
import classes from '../JobList.module.css';

export type TickerState = 'loading' | 'failed' | 'ready';

export interface QueueTickerProps {
  queue: QueueName;
  count: number | undefined;
  state: TickerState;
  active: boolean;
  onSelect: (queue: QueueName) => void;
  onRetry: () => void;
}

const numberFormat = new Intl.NumberFormat('en-US');

/** Spec 01 §2: one queue's title and count; loading and failed states; failed offers Retry. */
export function QueueTicker({ queue, count, state, active, onSelect, onRetry }: QueueTickerProps) {
  const { t } = useTranslation();
  return (
    <li className={classes.ticker} data-active={active || undefined} data-testid={`ticker-${queue}`}>
      <button
        type="button"
        className={classes.tickerButton}
        aria-current={active ? 'page' : undefined}
        onClick={() => onSelect(queue)}
      >
        <span className={classes.tickerTitle}>{t(`jobList.queues.${queue}`)}</span>
        <span className={classes.tickerCount} data-testid={`ticker-count-${queue}`} data-state={state}>
          {state === 'loading' && <Loader size={18} aria-label={t('jobList.tickers.loading')} />}
          {state === 'failed' && (
            <span className={classes.tickerFailed}>{t('jobList.tickers.unavailable')}</span>
          )}
          {state === 'ready' && numberFormat.format(count ?? 0)}
        </span>
      </button>
      {state === 'failed' && (
        <Button size="compact-sm" variant="default" className={classes.tickerRetry} onClick={onRetry}>
          {t('jobList.tickers.retry')}
        </Button>
      )}
    </li>
  );
}
