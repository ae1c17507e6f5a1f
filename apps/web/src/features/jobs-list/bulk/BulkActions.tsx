import { Menu, Tooltip } from '@mantine/core';
import type { JobListRow } from '@quill/core/contract/jobList';
import { tooManyForBulk } from '@quill/core/rules/bulkSelection';
import { LIMITS, type QueueName } from '@quill/core/rules/constants';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHasPermission } from '../../../app/session/SessionContext';
import { showToast } from '../../../app/toasts';
import { BulkActionsButton } from '../BulkActionsButton';
import classes from './Bulk.module.css';
import { BULK_PATHS, rtfPath } from './bulkApi';
import { runMarkPrinted } from './bulkCalls';
import {
  CheckIcon,
  ClearIcon,
  FaxIcon,
  FileTextIcon,
  PreviewIcon,
  PrinterIcon,
  SaveIcon,
  ViewIcon,
} from './bulkIcons';
import { ClearJobsModal, type ClearRequest } from './ClearJobsModal';
import { CopyJobsModal } from './CopyJobsModal';
import { DocumentViewerModal } from './DocumentViewerModal';
import { FaxModal } from './FaxModal';
import { openInNewTab } from './newTab';
import { SaveJobsModal } from './SaveJobsModal';

export interface BulkActionsProps {
  cs: string;
  queue: QueueName;
  /** The checked jobs, in the order they were checked. */
  selected: ReadonlySet<number>;
  /** The loaded rows of these jobs. */
  rowsOf: (jobIds: readonly number[]) => JobListRow[];
  /** How many of these jobs the search hides. */
  hiddenOf: (jobIds: readonly number[]) => number;
  /** The jobs were cleared from the list: uncheck them and load the list and counts again. */
  onCleared: (jobIds: number[]) => void;
}

type Dialog =
  | { kind: 'view'; jobIds: number[] }
  | { kind: 'save'; jobIds: number[] }
  | { kind: 'copy'; jobIds: number[] }
  | { kind: 'fax'; jobIds: number[] }
  | { kind: 'clear'; request: ClearRequest }
  | null;

interface ItemProps {
  icon: ReactNode;
  label: string;
  /** Why the action cannot be used now (shown as its tooltip), or null. */
  disabledBy: string | null;
  onClick: () => void;
  testId: string;
}

/**
 * A menu item; a disabled one keeps pointer events (data-disabled rather than disabled) so that
 * its tooltip can say why, and it ignores clicks.
 */
function BulkItem({ icon, label, disabledBy, onClick, testId }: ItemProps) {
  const item = (
    <Menu.Item
      leftSection={icon}
      data-disabled={disabledBy ? true : undefined}
      aria-disabled={disabledBy ? true : undefined}
      closeMenuOnClick={!disabledBy}
      onClick={disabledBy ? undefined : onClick}
      data-testid={testId}
    >
      {label}
    </Menu.Item>
  );
  if (!disabledBy) return item;
  return (
    <Tooltip label={disabledBy} openDelay={LIMITS.tooltipDelayMs} position="left" withArrow>
      {item}
    </Tooltip>
  );
}

/** Each job's patient as its row shows it (empty when the account may not see patient names). */
function patientsOf(rows: readonly JobListRow[]): ReadonlyMap<number, string> {
  return new Map(rows.map((r) => [r.jobId, r.patientName ?? '']));
}

/**
 * Spec 01 §1/§4/§5/§6 bulk actions of the checked jobs: view as PDF or RTF, save, copy/print, print
 * preview (one job, jobViewText), fax, mark as printed and, on the manual distribution list, clear.
 * View, save, copy and fax act on at most LIMITS.maxBulkJobs jobs.
 */
export function BulkActions({ cs, queue, selected, rowsOf, hiddenOf, onCleared }: BulkActionsProps) {
  const { t } = useTranslation();
  const canPreview = useHasPermission('jobViewText');
  const canClear = useHasPermission('distributionJobActionsQueue');
  const [dialog, setDialog] = useState<Dialog>(null);
  const jobIds = [...selected];
  const pending = queue === 'pending';
  const tooMany = tooManyForBulk(jobIds) ? t('documents.tooManySelected') : null;
  const close = () => setDialog(null);

  const viewRtf = () => {
    if (!openInNewTab(rtfPath(jobIds))) showToast(t('documents.popupBlocked'), { kind: 'error' });
  };
  const printPreview = () => {
    const [only] = jobIds;
    if (only !== undefined && !openInNewTab(BULK_PATHS.printPreview(only)))
      showToast(t('documents.popupBlocked'), { kind: 'error' });
  };
  const fax = () => {
    const facilities = new Set(rowsOf(jobIds).map((r) => r.clientFacilityId));
    if (facilities.size > 1) showToast(t('fax.sameFacility'), { kind: 'error' });
    else setDialog({ kind: 'fax', jobIds });
  };
  const clear = () => {
    if (!canClear) showToast(t('clear.noPermission'), { kind: 'error' });
    else setDialog({ kind: 'clear', request: { jobIds, hidden: hiddenOf(jobIds) } });
  };

  const icon = (Icon: (p: { size?: number }) => ReactNode) => <Icon size={15} />;
  return (
    <>
      <BulkActionsButton count={selected.size}>
        {tooMany && (
          <Menu.Label className={classes.menuNote} role="note">
            {tooMany}
          </Menu.Label>
        )}
        <BulkItem
          icon={icon(ViewIcon)}
          label={t('documents.actions.viewPdf')}
          disabledBy={tooMany}
          onClick={() => setDialog({ kind: 'view', jobIds })}
          testId="bulk-view-pdf"
        />
        <BulkItem
          icon={icon(FileTextIcon)}
          label={t('documents.actions.viewRtf')}
          disabledBy={tooMany}
          onClick={viewRtf}
          testId="bulk-view-rtf"
        />
        <BulkItem
          icon={icon(SaveIcon)}
          label={t('documents.actions.save')}
          disabledBy={tooMany}
          onClick={() => setDialog({ kind: 'save', jobIds })}
          testId="bulk-save"
        />
        <BulkItem
          icon={icon(PrinterIcon)}
          label={t('documents.actions.copy')}
          disabledBy={tooMany}
          onClick={() => setDialog({ kind: 'copy', jobIds })}
          testId="bulk-copy"
        />
        {canPreview && (
          <BulkItem
            icon={icon(PreviewIcon)}
            label={t('documents.actions.printPreview')}
            disabledBy={jobIds.length === 1 ? null : t('documents.actions.printPreviewOne')}
            onClick={printPreview}
            testId="bulk-print-preview"
          />
        )}
        <Menu.Divider />
        <BulkItem
          icon={icon(FaxIcon)}
          label={t('documents.actions.fax')}
          disabledBy={tooMany}
          onClick={fax}
          testId="bulk-fax"
        />
        <BulkItem
          icon={icon(CheckIcon)}
          label={t('documents.actions.markPrinted')}
          disabledBy={null}
          onClick={() => void runMarkPrinted(jobIds, 0, t)}
          testId="bulk-mark-printed"
        />
        {pending && (
          <BulkItem
            icon={icon(ClearIcon)}
            label={t('documents.actions.clear')}
            disabledBy={null}
            onClick={clear}
            testId="bulk-clear"
          />
        )}
      </BulkActionsButton>
      <DocumentViewerModal jobIds={dialog?.kind === 'view' ? dialog.jobIds : null} onClose={close} />
      <SaveJobsModal
        jobIds={dialog?.kind === 'save' ? dialog.jobIds : null}
        pendingQueue={pending}
        canClear={canClear}
        onClose={close}
        onCleared={onCleared}
      />
      <CopyJobsModal
        jobIds={dialog?.kind === 'copy' ? dialog.jobIds : null}
        pendingQueue={pending}
        onClose={close}
      />
      <FaxModal
        jobIds={dialog?.kind === 'fax' ? dialog.jobIds : null}
        csId={cs}
        patients={dialog?.kind === 'fax' ? patientsOf(rowsOf(dialog.jobIds)) : undefined}
        onClose={close}
      />
      <ClearJobsModal
        request={dialog?.kind === 'clear' ? dialog.request : null}
        onClose={close}
        onCleared={onCleared}
      />
    </>
  );
}
