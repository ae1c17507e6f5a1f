import { Alert, Button, Loader, Text, Title } from '@mantine/core';
import type { Productivity } from '@quill/core/contract/productivity';
import { CHARACTERS_PER_LINE } from '@quill/core/rules/reports/turnaround';
import { formatDuration } from '@quill/core/rules/reports/turnaroundDuration';
import { formatJobDate } from '@quill/core/rules/time/jobTime';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { accountLabel } from '../../app/session/accountLabels';
import { useSession } from '../../app/session/SessionContext';
import { useDocumentTitle } from '../../app/useDocumentTitle';
import classes from './Productivity.module.css';
import { browserTimeZone, loadProductivity } from './productivityApi';

const NUMBER = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** A duration in whole minutes as the job list's turnaround columns show it (`1h 05m`). */
function duration(t: TFunction, minutes: number | null): string {
  return formatDuration(minutes, {
    days: t('transcribe.tat.units.days'),
    hours: t('transcribe.tat.units.hours'),
    minutes: t('transcribe.tat.units.minutes'),
  });
}

function Figure({ label, value, hint }: { label: string; value: string; hint: string }) {
  return (
    <div className={classes.figure}>
      <dt className={classes.label}>{label}</dt>
      <dd className={classes.value}>{value}</dd>
      <dd className={classes.hint}>{hint}</dd>
    </div>
  );
}

function Figures({ p }: { p: Productivity }) {
  const { t } = useTranslation();
  const m = 'transcribe.productivity';
  const week =
    p.week.jobsDone > 0
      ? t(`${m}.averageTatWeek`, { time: duration(t, p.week.averageTatMinutes), count: p.week.jobsDone })
      : t(`${m}.averageTatWeekNone`);
  if (p.jobsDone === 0 && p.linesTyped === 0)
    return (
      <>
        <Text role="status" mt="md">
          {t(`${m}.empty`)}
        </Text>
        <Text size="sm" c="dimmed" mt="xs">
          {week}
        </Text>
      </>
    );
  return (
    <>
      <dl className={classes.figures} aria-label={t(`${m}.figuresLabel`)}>
        <Figure label={t(`${m}.jobsDone`)} value={String(p.jobsDone)} hint={t(`${m}.jobsDoneHint`)} />
        <Figure
          label={t(`${m}.linesPerHour`)}
          value={p.linesPerHour === null ? t(`${m}.notMeasured`) : NUMBER.format(p.linesPerHour)}
          hint={
            p.linesPerHour === null
              ? t(`${m}.linesPerHourNone`)
              : t(`${m}.linesPerHourHint`, {
                  lines: NUMBER.format(p.timedLines),
                  time: duration(t, p.typingMinutes),
                  chars: String(CHARACTERS_PER_LINE),
                })
          }
        />
        <Figure
          label={t(`${m}.averageTat`)}
          value={p.averageTatMinutes === null ? t(`${m}.notMeasured`) : duration(t, p.averageTatMinutes)}
          hint={`${t(`${m}.averageTatHint`)} ${week}`}
        />
      </dl>
      <Text size="sm" mt="md">
        {t(`${m}.linesTyped`, { lines: NUMBER.format(p.linesTyped) })}
      </Text>
    </>
  );
}

/**
 * /productivity: My productivity (issue 27) — the signed-in account's jobs done today, lines per
 * hour and average turnaround, "today" being the day of this computer's time zone. What each
 * figure counts is core's rules/reports/productivity.ts; the page only shows the server's answer.
 */
export function ProductivityPage() {
  const { t } = useTranslation();
  const m = 'transcribe.productivity';
  useDocumentTitle(t(`${m}.title`));
  const { account, userSettings } = useSession();
  const tz = browserTimeZone();
  const figures = useQuery({
    queryKey: ['productivity', 'me', account.memberId, tz],
    queryFn: ({ signal }) => loadProductivity(tz, signal),
    retry: false,
  });
  return (
    <main className={classes.page}>
      <Title order={1} size="h3">
        {t(`${m}.title`)}
      </Title>
      {figures.isPending && <Loader size="sm" mt="md" aria-label={t(`${m}.loading`)} />}
      {figures.isError && (
        <Alert color="red" role="alert" mt="md">
          {t(`${m}.loadFailed`, { reason: figures.error.message })}{' '}
          <Button variant="subtle" size="compact-sm" onClick={() => void figures.refetch()}>
            {t(`${m}.retry`)}
          </Button>
        </Alert>
      )}
      {figures.data && (
        <>
          <Text mt="xs">
            {t(`${m}.intro`, {
              account: accountLabel(t, account),
              day: formatJobDate(figures.data.day, userSettings),
              timeZone: figures.data.timeZone,
            })}
          </Text>
          <Figures p={figures.data} />
        </>
      )}
    </main>
  );
}
