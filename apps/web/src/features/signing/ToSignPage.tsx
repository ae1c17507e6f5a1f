import { Alert, Button, Group, Loader, Text, Title } from '@mantine/core';
import { LIMITS } from '@quill/core/rules/settings/constants';
import { returnSelectedGate, signSelectedGate } from '@quill/core/rules/signing/signGates';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../app/useDocumentTitle';
import { useSignDialog } from './confirmSignIn';
import { GatedButton } from './GatedButton';
import { ReturnModal } from './ReturnModal';
import classes from './Signing.module.css';
import { SignModal } from './SignModal';
import { useToSignQueue } from './signingApi';
import { ToSignTable } from './ToSignTable';
import { useSigningDone } from './useSigningDone';
import { useSigns } from './useSigns';

/**
 * /to-sign (issue 43): the jobs waiting for the signed-in account's signature, with selection,
 * Sign all selected (up to the bulk limit), Return for correction (one job) and Reload; a job id
 * opens the read-only view of that job.
 */
export function ToSignPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('toSign.title'));
  const signs = useSigns();
  const queue = useToSignQueue();
  const done = useSigningDone();
  const dialog = useSignDialog();
  // Back from confirming at the identity provider: the jobs being signed are selected again.
  const [selected, setSelected] = useState<ReadonlySet<number>>(
    () => new Set(dialog.returnedJobs?.map((j) => j.jobId)),
  );
  const [returning, setReturning] = useState<number | null>(null);
  const rows = useMemo(() => queue.data?.rows ?? [], [queue.data]);

  // A job that left the queue (signed, returned, or signed elsewhere) is no longer selected.
  useEffect(() => {
    if (!queue.data) return;
    const shown = new Set(rows.map((r) => r.jobId));
    setSelected((current) => {
      const kept = [...current].filter((id) => shown.has(id));
      return kept.length === current.size ? current : new Set(kept);
    });
  }, [rows, queue.data]);

  if (!signs)
    return (
      <div className={classes.page}>
        <Title order={1} size="h2">
          {t('toSign.title')}
        </Title>
        <Alert color="yellow" role="alert">
          {t('toSign.notPermitted')}
        </Alert>
      </div>
    );

  const jobIds = [...selected];
  const toggle = (jobId: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(jobId)) next.delete(jobId);
      else next.add(jobId);
      return next;
    });
  const signSelected = () => dialog.open(rows.filter((r) => selected.has(r.jobId)));
  const count = queue.data?.count ?? 0;

  return (
    <div className={classes.page}>
      <Title order={1} size="h2">
        {t('toSign.title')}
      </Title>
      <div className={classes.toolbar} role="toolbar" aria-label={t('toSign.tableLabel')}>
        <GatedButton gate={signSelectedGate(jobIds)} onClick={signSelected} size="sm" testId="sign-selected">
          {t('toSign.actions.signSelected')}
        </GatedButton>
        <GatedButton
          gate={returnSelectedGate(jobIds)}
          onClick={() => setReturning(jobIds[0] ?? null)}
          size="sm"
          variant="default"
          testId="return-selected"
        >
          {t('toSign.actions.returnForCorrection')}
        </GatedButton>
        <Button size="sm" variant="subtle" onClick={() => void queue.refetch()} loading={queue.isFetching}>
          {t('toSign.reload')}
        </Button>
        <Text size="sm" c="gray.7" aria-live="polite">
          {t('toSign.selectedCount', { count: selected.size })}
        </Text>
      </div>
      {jobIds.length > LIMITS.maxBulkJobs && (
        <Text size="sm" c="red.9" role="note" data-testid="sign-limit">
          {t('toSign.actions.tooMany', { max: String(LIMITS.maxBulkJobs), count: jobIds.length })}
        </Text>
      )}
      {queue.isPending && (
        <Group gap="xs" role="status">
          <Loader size="sm" aria-hidden="true" />
          <Text>{t('toSign.loading')}</Text>
        </Group>
      )}
      {queue.isError && (
        <Alert color="red" role="alert">
          <Group justify="space-between">
            <Text>{t('toSign.failed')}</Text>
            <Button size="compact-sm" variant="default" onClick={() => void queue.refetch()}>
              {t('toSign.retry')}
            </Button>
          </Group>
        </Alert>
      )}
      {queue.data && (
        <>
          <Text size="sm">
            {t('toSign.lead', { count })}
            {count > rows.length && ` ${t('toSign.moreThanShown', { shown: String(rows.length), count })}`}
          </Text>
          {rows.length === 0 ? (
            <Alert color="blue">{t('toSign.empty')}</Alert>
          ) : (
            <ToSignTable
              rows={rows}
              selected={selected}
              onToggle={toggle}
              onToggleAll={(all) => setSelected(all ? new Set(rows.map((r) => r.jobId)) : new Set())}
            />
          )}
        </>
      )}
      <SignModal
        jobs={dialog.jobs}
        returned={dialog.returned}
        returnPath={dialog.returnPath}
        onClose={dialog.close}
        onSigned={(result) => done(result.signed.map((s) => s.jobId))}
        onChanged={() => void queue.refetch()}
      />
      <ReturnModal jobId={returning} onClose={() => setReturning(null)} onReturned={(id) => done([id])} />
    </div>
  );
}
