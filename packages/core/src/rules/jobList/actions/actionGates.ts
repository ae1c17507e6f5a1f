import type { MessageKey } from '../../../i18n/format.js';
import { canSeePatientName } from '../../auth/permissions.js';
import { CLOSED_STAGE_IDS } from '../../jobEditor/saveOutcome.js';
import { stageName } from '../stages.js';
import { tooManyForBulk } from './bulkSelection.js';

/** Why an action cannot be used: a catalogue message and its values (web: t(), server: message()). */
export interface GateReason {
  key: MessageKey;
  values?: Record<string, string | number>;
}

/**
 * Whether an action is offered to this account and, when offered, whether it can be used now.
 * A hidden action is one the spec hides without its permission; a disabled one says why.
 */
export type Gate = { shown: false } | { shown: true; disabledBy: GateReason | null };

const HIDDEN: Gate = { shown: false };
const ENABLED: Gate = { shown: true, disabledBy: null };
const disabled = (key: MessageKey, values?: GateReason['values']): Gate => ({
  shown: true,
  disabledBy: values ? { key, values } : { key },
});
/** True when the action is offered and usable. */
export function allowed(gate: Gate): boolean {
  return gate.shown && gate.disabledBy === null;
}
type Perms = ReadonlySet<string>;

/** Spec 01 §6 "Fax button and dialog": jobFax. */
export function faxGate(perms: Perms): Gate {
  return perms.has('jobFax') ? ENABLED : disabled('fax.noPermission');
}

/**
 * Spec 01 §4/§6 "Clear manually distributed jobs": distributionJobActionsQueue. The stage of each
 * job is not a gate here: a job that is not Finished is reported per job after the clear.
 */
export function clearGate(perms: Perms): Gate {
  return perms.has('distributionJobActionsQueue') ? ENABLED : disabled('clear.noPermission');
}

/**
 * Mark as printed (spec 01 §4 "Sent for printing"; docs/decisions.md "Who may mark jobs as
 * printed"): printing needs the job text (jobViewText, the print preview gate), and recording a
 * print is a manual distribution action (distributionJobActionsQueue).
 */
export function markPrintedGate(perms: Perms): Gate {
  return perms.has('jobViewText') && perms.has('distributionJobActionsQueue')
    ? ENABLED
    : disabled('documents.noPrintPermission');
}

/** Spec 01 §6 "Print preview: can view job text" (hidden without it); it shows one job. */
export function printPreviewGate(perms: Perms, jobCount = 1): Gate {
  if (!perms.has('jobViewText')) return HIDDEN;
  return jobCount === 1 ? ENABLED : disabled('documents.actions.printPreviewOne');
}

/**
 * Spec 02 §6 "Job edit: Edit and save buttons" (hidden without jobEdit); a Finished or cancelled
 * job can no longer be booked out, so its Edit is disabled and says why.
 */
export function editGate(perms: Perms, job: { jobId: number; stageId: number }): Gate {
  if (!perms.has('jobEdit')) return HIDDEN;
  if (CLOSED_STAGE_IDS.includes(job.stageId))
    return disabled('job.closedStage', { jobId: job.jobId, stage: stageName(job.stageId) ?? job.stageId });
  return ENABLED;
}

/** Spec 02 §6: the job's patient data (getadtdata) is shown with adtView, adtEdit or jobEditAdt. */
export function adtViewGate(perms: Perms): Gate {
  return canSeePatientName(perms) ? ENABLED : disabled('adt.noViewPermission');
}

/** Spec 02 §5/§6 "Only users who can edit job ADT may search ADT, accept results …": jobEditAdt. */
export function adtEditGate(perms: Perms): Gate {
  return perms.has('jobEditAdt') ? ENABLED : disabled('adt.noEditPermission');
}

/** The bulk actions of the job list (spec 01 §1/§4/§5/§6). */
export type BulkAction =
  | 'viewPdf'
  | 'viewRtf'
  | 'save'
  | 'copy'
  | 'printPreview'
  | 'fax'
  | 'markPrinted'
  | 'clear';

/**
 * Every bulk action for the checked jobs: view, save, copy and fax act on at most
 * LIMITS.maxBulkJobs jobs; clear is offered on the manual distribution list (pending) only.
 */
export function bulkGates(perms: Perms, jobIds: readonly number[], queue: string): Record<BulkAction, Gate> {
  const tooMany = tooManyForBulk(jobIds) ? disabled('documents.tooManySelected') : ENABLED;
  const fax = faxGate(perms);
  return {
    viewPdf: tooMany,
    viewRtf: tooMany,
    save: tooMany,
    copy: tooMany,
    printPreview: printPreviewGate(perms, jobIds.length),
    fax: allowed(fax) ? tooMany : fax,
    markPrinted: markPrintedGate(perms),
    clear: queue === 'pending' ? clearGate(perms) : HIDDEN,
  };
}
