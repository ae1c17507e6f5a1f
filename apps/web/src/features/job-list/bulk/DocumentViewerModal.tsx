import { Alert, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMarkViewed } from '../viewedMarks';
import classes from './Bulk.module.css';
import { viewerPath } from './bulkApi';
import { useDocumentFile } from './useDocumentFile';

export interface DocumentViewerModalProps {
  /** The checked jobs; null when the viewer is closed. */
  jobIds: readonly number[] | null;
  onClose: () => void;
}

/**
 * Spec 01 §2 "Selected Documents viewer": the checked jobs' PDF (one job's own, or each job's single
 * copy in one document), shown here when small enough, else in a new tab; spec 01 §8 errors.
 */
export function DocumentViewerModal({ jobIds, onClose }: DocumentViewerModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={jobIds !== null}
      onClose={onClose}
      title={t('documents.viewer.title')}
      size="min(1100px, 94vw)"
      centered
      classNames={{ body: classes.viewerBody }}
    >
      {jobIds && <ViewerContent jobIds={jobIds} onClose={onClose} />}
    </Modal>
  );
}

function ViewerContent({ jobIds, onClose }: { jobIds: readonly number[]; onClose: () => void }) {
  const { t } = useTranslation();
  const [attempt, setAttempt] = useState(0);
  const view = useDocumentFile(viewerPath(jobIds), attempt);
  const markViewed = useMarkViewed();
  const shown = view.kind === 'inline' || view.kind === 'tab';
  // The server marked the jobs viewed as PDF when it served the document.
  useEffect(() => {
    if (shown) markViewed(jobIds, 'pdf');
  }, [shown, jobIds, markViewed]);

  if (view.kind === 'loading')
    return (
      <Group className={classes.viewerState} justify="center" gap="sm" role="status">
        <Loader size="sm" />
        <Text size="sm">{t('documents.viewer.loading')}</Text>
      </Group>
    );

  if (view.kind === 'inline')
    return (
      <iframe
        className={classes.viewerFrame}
        src={view.url}
        title={t('documents.viewer.frameTitle')}
        data-testid="document-frame"
      />
    );

  if (view.kind === 'tab') {
    const noViewer = view.reason === 'noViewer';
    return (
      <Stack className={classes.viewerState} gap="md">
        <Alert
          color="blue"
          title={t(
            noViewer ? 'documents.viewer.pdfViewerDisabledTitle' : 'documents.viewer.openedInNewTabTitle',
          )}
        >
          {t(noViewer ? 'documents.viewer.pdfViewerDisabled' : 'documents.viewer.openedInNewTab')}
        </Alert>
        {view.blocked && (
          <Alert color="yellow" role="alert">
            {t('documents.popupBlocked')}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('documents.viewer.close')}
          </Button>
          <Button component="a" href={view.url} target="_blank" rel="noopener" data-autofocus>
            {t('documents.viewer.openInNewTab')}
          </Button>
        </Group>
      </Stack>
    );
  }

  const { error } = view;
  return (
    <Stack className={classes.viewerState} gap="md">
      <Alert color="red" title={error.title} role="alert">
        {error.message}
      </Alert>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose}>
          {t('documents.viewer.close')}
        </Button>
        {error.retry && (
          <Button onClick={() => setAttempt((a) => a + 1)} data-autofocus>
            {t('documents.viewer.retry')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
