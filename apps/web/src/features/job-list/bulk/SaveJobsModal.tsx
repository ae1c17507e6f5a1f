import { Alert, Button, Checkbox, Fieldset, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import type { SaveFormat } from '@quill/core/contract/documents/documents';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../app/toasts';
import { ApiRequestError } from '../../../lib/api';
import { useMarkViewed } from '../viewedMarks';
import { fetchFile, savePath } from './bulkApi';
import { runClear, runMarkPrinted } from './bulkCalls';
import { saveFile } from './newTab';

export interface SaveJobsModalProps {
  /** The checked jobs; null when closed. */
  jobIds: readonly number[] | null;
  /** The manual distribution list: after the download the jobs may be marked printed and cleared. */
  pendingQueue: boolean;
  canClear: boolean;
  /** The account may record the print (markPrintedGate). */
  canMarkPrinted: boolean;
  onClose: () => void;
  onCleared: (jobIds: number[]) => void;
}

type Step =
  | { kind: 'choose' }
  | { kind: 'downloading' }
  | { kind: 'done'; fileName: string }
  | { kind: 'failed'; reason: string };

/**
 * Spec 01 §4/§5 "Save format chooser" and "Bulk download modal": PDF (default) or RTF, or the
 * stored CDA as XML (issue 25: the structured document for an EHR); several
 * jobs download as Jobs.zip, one job as its own file. In the pending queue 'Clear from list' and
 * 'Sent for printing' (both off) become available after a successful download and are acted on
 * when the user confirms with Done; each is disabled, saying why, without its permission.
 */
export function SaveJobsModal(props: SaveJobsModalProps) {
  const { jobIds, onClose } = props;
  const { t } = useTranslation();
  return (
    <Modal opened={jobIds !== null} onClose={onClose} title={t('documents.save.title')} centered size="md">
      {jobIds && <SaveContent {...props} jobIds={jobIds} />}
    </Modal>
  );
}

function SaveContent({
  jobIds,
  pendingQueue,
  canClear,
  canMarkPrinted,
  onClose,
  onCleared,
}: SaveJobsModalProps & { jobIds: readonly number[] }) {
  const { t } = useTranslation();
  const markViewed = useMarkViewed();
  const [format, setFormat] = useState<SaveFormat>('pdf');
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const [clearAfter, setClearAfter] = useState(false);
  const [printedAfter, setPrintedAfter] = useState(false);
  const [finishing, setFinishing] = useState(false);
  const download = useRef<AbortController | null>(null);

  useEffect(() => () => download.current?.abort(), []);

  const start = async (event: FormEvent) => {
    event.preventDefault();
    if (step.kind === 'downloading') return;
    const controller = new AbortController();
    download.current = controller;
    setStep({ kind: 'downloading' });
    try {
      const file = await fetchFile(savePath(jobIds, format), controller.signal);
      const [only] = jobIds;
      const fallback = jobIds.length === 1 && only !== undefined ? `${only}.${format}` : 'Jobs.zip';
      const fileName = file.fileName ?? fallback;
      saveFile(file.blob, fileName);
      markViewed(jobIds, format);
      setStep({ kind: 'done', fileName });
    } catch (error) {
      if (controller.signal.aborted) return;
      // A 404 names the job and why (no document; a Word job has no CDA to save as XML).
      const reason =
        error instanceof ApiRequestError && error.status === 404
          ? error.message
          : t('documents.bulkSaveFailed');
      setStep({ kind: 'failed', reason });
      showToast(reason, { kind: 'error' });
    }
  };

  const finish = async () => {
    if (!pendingQueue || (!clearAfter && !printedAfter)) return onClose();
    setFinishing(true);
    if (printedAfter && canMarkPrinted) await runMarkPrinted(jobIds, 0, t);
    if (clearAfter && canClear) {
      const result = await runClear(jobIds, t);
      if (result && result.cleared.length > 0) onCleared(result.cleared);
    }
    setFinishing(false);
    onClose();
  };

  const done = step.kind === 'done';
  return (
    <form onSubmit={start}>
      <Stack gap="md">
        <Radio.Group
          label={t('documents.save.format')}
          value={format}
          onChange={(value) => setFormat(value as SaveFormat)}
          required
        >
          <Group gap="lg" mt={6}>
            <Radio value="pdf" label={t('documents.save.pdf')} disabled={step.kind !== 'choose' && !done} />
            <Radio value="rtf" label={t('documents.save.rtf')} disabled={step.kind !== 'choose' && !done} />
            <Radio value="xml" label={t('documents.save.xml')} disabled={step.kind !== 'choose' && !done} />
          </Group>
        </Radio.Group>
        {step.kind === 'downloading' && (
          <Text size="sm" role="status">
            {t('documents.save.downloading')}
          </Text>
        )}
        {done && (
          <Alert color="green" role="status">
            {t('documents.save.downloaded', { file: step.fileName })}
          </Alert>
        )}
        {step.kind === 'failed' && (
          <Alert color="red" role="alert">
            {step.reason}
          </Alert>
        )}
        {pendingQueue && (
          <Fieldset legend={t('documents.save.afterDownload')} variant="unstyled">
            <Stack gap={6} mt={4}>
              <Checkbox
                label={t('documents.save.sentForPrinting')}
                checked={printedAfter}
                disabled={!done || !canMarkPrinted}
                description={canMarkPrinted ? undefined : t('documents.noPrintPermission')}
                onChange={(e) => setPrintedAfter(e.currentTarget.checked)}
              />
              <Checkbox
                label={t('documents.save.clearFromList')}
                checked={clearAfter}
                disabled={!done || !canClear}
                description={canClear ? undefined : t('clear.noPermission')}
                onChange={(e) => setClearAfter(e.currentTarget.checked)}
              />
            </Stack>
          </Fieldset>
        )}
        <Group justify="flex-end" gap="sm">
          {done ? (
            <>
              <Button type="submit" variant="default">
                {t('documents.save.download')}
              </Button>
              <Button type="button" onClick={finish} loading={finishing} data-autofocus>
                {t('documents.save.done')}
              </Button>
            </>
          ) : (
            <>
              <Button type="button" variant="default" onClick={onClose}>
                {t('documents.save.cancel')}
              </Button>
              <Button type="submit" loading={step.kind === 'downloading'} data-autofocus>
                {step.kind === 'failed' ? t('documents.save.tryAgain') : t('documents.save.download')}
              </Button>
            </>
          )}
        </Group>
      </Stack>
    </form>
  );
}
