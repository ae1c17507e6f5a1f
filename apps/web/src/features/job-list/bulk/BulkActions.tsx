import { Menu, Tooltip } from '@mantine/core';
import type { JobListRow } from '@quill/core/contract/jobList';
import {
  allowed,
  bulkGates,
  clearGate,
  type Gate,
  markPrintedGate,
} from '@quill/core/rules/jobList/actions/actionGates';
import { tooManyForBulk } from '@quill/core/rules/jobList/actions/bulkSelection';
import { retryDeliveriesGate } from '@quill/core/rules/jobList/actions/deliveryGates';
import { LIMITS, type QueueName } from '@quill/core/rules/settings/constants';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermissions } from '../../../app/session/SessionContext';
import { showToast } from '../../../app/toasts';
import { gateReason } from '../../../lib/gateReason';
import { runRetry } from '../../deliveries/deliveryCalls';
import { useMarkViewed } from '../viewedMarks';
import classes from './Bulk.module.css';
import { BulkActionsButton } from './BulkActionsButton';
import { BULK_URLS, rtfPath } from './bulkApi';
import { runMarkPrinted } from './bulkCalls';
import {
  CheckIcon,
  ClearIcon,
  FaxIcon,
  FileTextIcon,
  PreviewIcon,
  PrinterIcon,
  RetryIcon,
  SaveIcon,
  ViewIcon,
} from './bulkIcons';
import { ClearJobsModal, type ClearRequest } from './ClearJobsModal';
import { CopyJobsModal } from './CopyJobsModal';
import { DocumentViewerModal } from './DocumentViewerModal';
import { FaxModal } from './FaxModal';
import { downloadFrom, openInNewTab } from './newTab';
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
  /** Whether the action is offered and, if it cannot be used, why (shown as its tooltip). */
  gate: Gate;
  onClick: () => void;
  testId: string;
}

/**
 * A menu item of a shown gate; a disabled one keeps pointer events (data-disabled rather than
 * disabled) so that its tooltip can say why, names the reason as its description, and ignores clicks.
 */
function BulkItem({ icon, label, gate, onClick, testId }: ItemProps) {
  const { t } = useTranslation();
  if (!gate.shown) return null;
  const reason = gateReason(t, gate);
  const reasonId = `${testId}-reason`;
  const item = (
    <Menu.Item
      leftSection={icon}
      data-disabled={reason ? true : undefined}
      aria-disabled={reason ? true : undefined}
      aria-describedby={reason ? reasonId : undefined}
      closeMenuOnClick={!reason}
      onClick={reason ? undefined : onClick}
      data-testid={testId}
    >
      {label}
    </Menu.Item>
  );
  if (!reason) return item;
  return (
    <>
      <Tooltip label={reason} openDelay={LIMITS.tooltipDelayMs} position="left" withArrow>
        {item}
      </Tooltip>
      {/* Hidden from the menu's children (a menu holds only items); aria-describedby still reads it. */}
      <span id={reasonId} hidden>
        {reason}
      </span>
    </>
  );
}

/** Each job's patient as its row shows it (empty when the account may not see patient names). */
function patientsOf(rows: readonly JobListRow[]): ReadonlyMap<number, string> {
  return new Map(rows.map((r) => [r.jobId, r.patientName ?? '']));
}

/**
 * Spec 01 §1/§4/§5/§6 bulk actions of the checked jobs: view as PDF or RTF, save, copy/print, print
 * preview (one job, jobViewText), fax, mark as printed and, on the manual distribution list, clear.
 * Which are shown, and why one is disabled, comes from the shared rule `bulkGates` (the server
 * refuses the same with 403): an action the account may not use is shown disabled with the reason.
 */
export function BulkActions({ cs, queue, selected, rowsOf, hiddenOf, onCleared }: BulkActionsProps) {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<Dialog>(null);
  const jobIds = [...selected];
  const pending = queue === 'pending';
  const perms = usePermissions();
  const gates = bulkGates(perms, jobIds, queue);
  const tooMany = tooManyForBulk(jobIds) ? t('documents.tooManySelected') : null;
  const close = () => setDialog(null);
  const markViewed = useMarkViewed();
  const client = useQueryClient();
  // Issue 43: the failed queue's Retry of the checked jobs' failed deliveries.
  const retry = async () => {
    if (await runRetry(jobIds, t, client)) onCleared(jobIds);
  };

  // A browser cannot show RTF: a new tab would only download it and stay blank, so download it here.
  const viewRtf = () => {
    downloadFrom(rtfPath(jobIds));
    markViewed(jobIds, 'rtf');
  };
  const printPreview = () => {
    const [only] = jobIds;
    if (only === undefined) return;
    if (openInNewTab(BULK_URLS.printPreview(only))) markViewed([only], 'pdf');
    else showToast(t('documents.popupBlocked'), { kind: 'error' });
  };
  const fax = () => {
    const facilities = new Set(rowsOf(jobIds).map((r) => r.clientFacilityId));
    if (facilities.size > 1) showToast(t('fax.sameFacility'), { kind: 'error' });
    else setDialog({ kind: 'fax', jobIds });
  };
  const clear = () => setDialog({ kind: 'clear', request: { jobIds, hidden: hiddenOf(jobIds) } });

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
          gate={gates.viewPdf}
          onClick={() => setDialog({ kind: 'view', jobIds })}
          testId="bulk-view-pdf"
        />
        <BulkItem
          icon={icon(FileTextIcon)}
          label={t('documents.actions.viewRtf')}
          gate={gates.viewRtf}
          onClick={viewRtf}
          testId="bulk-view-rtf"
        />
        <BulkItem
          icon={icon(SaveIcon)}
          label={t('documents.actions.save')}
          gate={gates.save}
          onClick={() => setDialog({ kind: 'save', jobIds })}
          testId="bulk-save"
        />
        <BulkItem
          icon={icon(PrinterIcon)}
          label={t('documents.actions.copy')}
          gate={gates.copy}
          onClick={() => setDialog({ kind: 'copy', jobIds })}
          testId="bulk-copy"
        />
        <BulkItem
          icon={icon(PreviewIcon)}
          label={t('documents.actions.printPreview')}
          gate={gates.printPreview}
          onClick={printPreview}
          testId="bulk-print-preview"
        />
        <Menu.Divider />
        <BulkItem
          icon={icon(FaxIcon)}
          label={t('documents.actions.fax')}
          gate={gates.fax}
          onClick={fax}
          testId="bulk-fax"
        />
        <BulkItem
          icon={icon(CheckIcon)}
          label={t('documents.actions.markPrinted')}
          gate={gates.markPrinted}
          onClick={() => void runMarkPrinted(jobIds, 0, t)}
          testId="bulk-mark-printed"
        />
        <BulkItem
          icon={icon(ClearIcon)}
          label={t('documents.actions.clear')}
          gate={gates.clear}
          onClick={clear}
          testId="bulk-clear"
        />
        <BulkItem
          icon={icon(RetryIcon)}
          label={t('deliveries.retryBulk')}
          gate={retryDeliveriesGate(perms, jobIds, queue)}
          onClick={() => void retry()}
          testId="bulk-retry-deliveries"
        />
      </BulkActionsButton>
      <DocumentViewerModal jobIds={dialog?.kind === 'view' ? dialog.jobIds : null} onClose={close} />
      <SaveJobsModal
        jobIds={dialog?.kind === 'save' ? dialog.jobIds : null}
        pendingQueue={pending}
        canClear={allowed(clearGate(perms))}
        canMarkPrinted={allowed(markPrintedGate(perms))}
        onClose={close}
        onCleared={onCleared}
      />
      <CopyJobsModal
        jobIds={dialog?.kind === 'copy' ? dialog.jobIds : null}
        pendingQueue={pending}
        canMarkPrinted={allowed(markPrintedGate(perms))}
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
