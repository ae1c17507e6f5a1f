import { Button, FileButton, Tooltip } from '@mantine/core';
import type { DocumentPatientMismatch } from '@quill/core/contract/documents/documents';
import { allowed, type Gate } from '@quill/core/rules/jobList/actions/actionGates';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../app/toasts';
import { gateReason } from '../../../lib/gateReason';
import { jobKeys } from '../jobApi';
import { DocumentPatientImportDialog } from './DocumentPatientImportDialog';
import { importJobDocument, patientMismatchOf } from './documentImportApi';

export interface DocumentImportProps {
  jobId: number;
  /** The editor's gate (jobEdit, as the import route checks; a Finished or cancelled job says why). */
  gate: Gate;
  /** The job is being edited, or the view is busy: no import now. */
  editing: boolean;
  disabled: boolean;
  /** Called after a document was imported (the view reloads the job). */
  onImported(): void;
}

/**
 * Issue 40: Import document in the job view's toolbar — a CDA (.xml) or Word (.docx) file becomes
 * the job's new document. A file about another patient than the job's is refused with the two
 * patients side by side; the person confirms with a reason or cancels (nothing imported).
 */
export function DocumentImport({ jobId, gate, editing, disabled, onImported }: DocumentImportProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [pending, setPending] = useState<{
    file: File;
    mismatch: DocumentPatientMismatch;
    refusal: string;
  } | null>(null);
  if (!gate.shown) return null;
  const refused = gateReason(t, gate);
  const whileEditing = editing ? t('jobView.disabledWhileEditing') : null;
  const hint = refused ?? whileEditing ?? t('documentPatient.importHint');

  const send = async (file: File, reason?: string) => {
    setBusy(true);
    try {
      const result = await importJobDocument(jobId, file, reason);
      setPending(null);
      showToast(
        `${t('documentPatient.imported', { jobId: String(jobId), version: String(result.version) })} ${result.patientMessage}`,
        {
          kind: result.patientCheck === 'confirmed' ? 'warning' : 'success',
        },
      );
      await queryClient.invalidateQueries({ queryKey: jobKeys.all(jobId) });
      onImported();
    } catch (err) {
      const mismatch = patientMismatchOf(err);
      if (mismatch && reason === undefined) {
        setPending({ file, mismatch, refusal: (err as Error).message });
      } else {
        setPending(null);
        showToast(t('documentPatient.importFailed', { message: (err as Error).message }), { kind: 'error' });
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Tooltip label={hint} multiline w={280}>
        <span>
          <FileButton
            onChange={(file) => file && void send(file)}
            accept=".xml,.docx,application/xml,text/xml"
          >
            {(props) => (
              <Button
                {...props}
                variant="default"
                loading={busy}
                disabled={disabled || editing || !allowed(gate)}
                data-testid="job-import-document"
              >
                {t('documentPatient.importButton')}
              </Button>
            )}
          </FileButton>
        </span>
      </Tooltip>
      <DocumentPatientImportDialog
        mismatch={pending?.mismatch ?? null}
        refusal={pending?.refusal ?? ''}
        importing={busy}
        onCancel={() => setPending(null)}
        onConfirm={(reason) => pending && void send(pending.file, reason)}
      />
    </>
  );
}
