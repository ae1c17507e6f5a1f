import { Alert, Button, Checkbox, Fieldset, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { COPY_TYPES, type CopyType } from '@quill/core/contract/documents/documents';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMarkViewed } from '../viewedMarks';
import { BULK_URLS, fetchFile } from './bulkApi';
import { runMarkPrinted } from './bulkCalls';
import { type DocumentError, documentError } from './documentError';
import { documentUrl, openPendingTab } from './newTab';

export interface CopyJobsModalProps {
  /** The checked jobs; null when closed. */
  jobIds: readonly number[] | null;
  /** Smart copies exist only on the manual distribution list (pending). */
  pendingQueue: boolean;
  /** The account may record the print (markPrintedGate); otherwise marking is not offered. */
  canMarkPrinted: boolean;
  onClose: () => void;
}

type Step =
  | { kind: 'choose' }
  | { kind: 'preparing' }
  | { kind: 'opened' }
  | { kind: 'blocked' }
  | { kind: 'failed'; error: DocumentError };

/**
 * Spec 01 §5 copy options: the copy type (smart copies only in the pending queue), cover sheet and
 * duplex (both off). Print opens the copies as one PDF in a new tab, then offers to mark the jobs
 * as printed when the account may.
 */
export function CopyJobsModal({ jobIds, pendingQueue, canMarkPrinted, onClose }: CopyJobsModalProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={jobIds !== null} onClose={onClose} title={t('documents.copy.title')} centered size="md">
      {jobIds && (
        <CopyContent
          jobIds={jobIds}
          pendingQueue={pendingQueue}
          canMarkPrinted={canMarkPrinted}
          onClose={onClose}
        />
      )}
    </Modal>
  );
}

function CopyContent({
  jobIds,
  pendingQueue,
  canMarkPrinted,
  onClose,
}: CopyJobsModalProps & { jobIds: readonly number[] }) {
  const { t } = useTranslation();
  const markViewed = useMarkViewed();
  const [copyType, setCopyType] = useState<CopyType>(COPY_TYPES.single);
  const [coverSheet, setCoverSheet] = useState(false);
  const [duplex, setDuplex] = useState(false);
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const [marking, setMarking] = useState(false);
  const request = useRef<AbortController | null>(null);

  useEffect(() => () => request.current?.abort(), []);

  /** Another choice may produce copies: a failure no longer stands. */
  const choose =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setStep({ kind: 'choose' });
    };

  const types = Object.values(COPY_TYPES).filter((c) => pendingQueue || c !== COPY_TYPES.smart);

  const print = async (event: FormEvent) => {
    event.preventDefault();
    if (step.kind === 'preparing') return;
    // The tab is opened in the click itself: one opened after the download would be blocked.
    const tab = openPendingTab(t('documents.copy.preparing'));
    if (!tab) {
      setStep({ kind: 'blocked' });
      return;
    }
    const controller = new AbortController();
    request.current = controller;
    setStep({ kind: 'preparing' });
    try {
      const file = await fetchFile(
        BULK_URLS.formatMultiple(jobIds, copyType, duplex, coverSheet),
        controller.signal,
      );
      tab.show(documentUrl(file.blob));
      markViewed(jobIds, 'pdf');
      setStep({ kind: 'opened' });
    } catch (error) {
      tab.close();
      if (controller.signal.aborted) return;
      const smart = copyType === COPY_TYPES.smart ? t('errors.noSmartCopies') : undefined;
      setStep({ kind: 'failed', error: documentError(error, t, smart) });
    }
  };

  const markPrinted = async () => {
    setMarking(true);
    await runMarkPrinted(jobIds, copyType, t);
    setMarking(false);
    onClose();
  };

  if (step.kind === 'opened' && !canMarkPrinted)
    return (
      <Stack gap="md">
        <Alert color="green" role="status">
          {t('documents.copy.opened')}
        </Alert>
        <Group justify="flex-end">
          <Button onClick={onClose} data-autofocus>
            {t('documents.viewer.close')}
          </Button>
        </Group>
      </Stack>
    );
  if (step.kind === 'opened')
    return (
      <Stack gap="md">
        <Alert color="green" role="status">
          {t('documents.copy.opened')}
        </Alert>
        <Text size="sm">{t('documents.copy.markPrintedQuestion')}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('documents.copy.notNow')}
          </Button>
          <Button onClick={markPrinted} loading={marking} data-autofocus>
            {t('documents.copy.markPrinted')}
          </Button>
        </Group>
      </Stack>
    );

  const busy = step.kind === 'preparing';
  return (
    <form onSubmit={print}>
      <Stack gap="md">
        <Radio.Group
          label={t('documents.copy.copies')}
          value={String(copyType)}
          onChange={(value) => choose(setCopyType)(Number(value) as CopyType)}
        >
          <Stack gap={8} mt={6}>
            {types.map((c) => (
              <Radio
                key={c}
                value={String(c)}
                label={t(`documents.copy.types.${c}`)}
                description={t(`documents.copy.hints.${c}`)}
                disabled={busy}
              />
            ))}
          </Stack>
        </Radio.Group>
        <Fieldset legend={t('documents.copy.options')} variant="unstyled">
          <Group gap="lg" mt={4}>
            <Checkbox
              label={t('documents.copy.coverSheet')}
              checked={coverSheet}
              disabled={busy}
              onChange={(e) => choose(setCoverSheet)(e.currentTarget.checked)}
            />
            <Checkbox
              label={t('documents.copy.duplex')}
              checked={duplex}
              disabled={busy}
              onChange={(e) => choose(setDuplex)(e.currentTarget.checked)}
            />
          </Group>
        </Fieldset>
        {busy && (
          <Text size="sm" role="status">
            {t('documents.copy.preparing')}
          </Text>
        )}
        {step.kind === 'blocked' && (
          <Alert color="yellow" role="alert">
            {t('documents.popupBlocked')}
          </Alert>
        )}
        {step.kind === 'failed' && (
          <Alert color="red" title={step.error.title} role="alert">
            {step.error.message}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button type="button" variant="default" onClick={onClose}>
            {t('documents.copy.cancel')}
          </Button>
          <Button
            type="submit"
            loading={busy}
            disabled={step.kind === 'failed' && !step.error.retry}
            data-autofocus
          >
            {t('documents.copy.print')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
