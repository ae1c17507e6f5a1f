import type { JobCounts } from '@quill/core/contract/jobList';
import { visibleQueues } from '@quill/core/rules/jobList/jobListQueue';
import type { QueueName } from '@quill/core/rules/settings/constants';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import classes from '../JobList.module.css';
import { QueueTicker, type TickerState } from './QueueTicker';

export interface QueueTickersProps {
  counts: JobCounts | undefined;
  state: TickerState;
  current: QueueName;
  canViewHoldQueue: boolean;
  onSelect: (queue: QueueName) => void;
  onRetry: () => void;
  /** Tickers beside the four queues' (issue 43: To sign), as list items. */
  children?: ReactNode;
}

/** Spec 01 §2: the tickers of the four queues (Hold Queue only with holdQueueView), then any others. */
export function QueueTickers({
  counts,
  state,
  current,
  canViewHoldQueue,
  onSelect,
  onRetry,
  children,
}: QueueTickersProps) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('jobList.tickers.label')}>
      <ul className={classes.tickers}>
        {visibleQueues(canViewHoldQueue).map((queue) => (
          <QueueTicker
            key={queue}
            queue={queue}
            count={counts?.[queue]}
            state={state}
            active={queue === current}
            onSelect={onSelect}
            onRetry={onRetry}
          />
        ))}
        {children}
      </ul>
    </nav>
  );
}
