import {
  addresseeCount,
  addresseeCountMessage,
  applyWorkTypeToRecipients,
  keptDetails,
  message,
  type RecipientFacts,
  type RecipientInput,
  recipientsRefusal,
  SAVE_MODES,
  type SaveMode,
  saveOptionsFor,
} from '@quill/core';
import type { physicians, recipients, workTypes } from '../../db/schema/index.js';
import { invalid } from '../../errors/domainErrors.js';

type RecipientRow = typeof recipients.$inferSelect;
type PhysicianRow = typeof physicians.$inferSelect;
type WorkTypeRow = typeof workTypes.$inferSelect;

/**
 * The job's recipients as a save would leave them (spec 02 §4 "Recipients"): without posted
 * recipients the stored rows; otherwise the posted ones in their order — a stored row changed as
 * posted (its physician when one is posted, a custom row's typed details when posted) or a new
 * row (id 0) — followed by the rows left out that are kept flagged removed: automatic ones, and
 * those in `delivered` (a distribution or fax names them). Other rows left out are deleted.
 * Nothing is written here.
 */
export function planRecipients(
  jobId: number,
  rows: readonly RecipientRow[],
  posted: readonly RecipientInput[] | undefined,
  directory: ReadonlyMap<number, PhysicianRow>,
  delivered: ReadonlySet<number> = new Set(),
): RecipientRow[] {
  if (posted === undefined) return [...rows];
  const byId = new Map(rows.map((r) => [r.id, r]));
  const methodOf = (physicianId: number | null) =>
    physicianId === null ? 'print' : (directory.get(physicianId)?.distributionMethod ?? 'print');
  const planned = posted.map((p, ordinal): RecipientRow => {
    const row = p.id === undefined ? undefined : byId.get(p.id);
    if (!row) {
      const physicianId = p.physicianId ?? null;
      return {
        id: 0,
        jobId,
        physicianId,
        isAddressee: p.isAddressee,
        isPatient: p.isPatient,
        auto: false,
        removed: p.removed,
        capacityCode: null,
        capacityDescription: null,
        distributionMethod: methodOf(physicianId),
        custom: physicianId === null ? keptDetails(p.custom) : null,
        ordinal,
      };
    }
    const physicianId = p.physicianId === undefined ? row.physicianId : p.physicianId;
    const isCustom = physicianId === null && !row.isPatient;
    return {
      ...row,
      physicianId,
      isAddressee: p.isAddressee,
      removed: p.removed,
      distributionMethod: physicianId === row.physicianId ? row.distributionMethod : methodOf(physicianId),
      custom: isCustom && p.custom !== undefined ? keptDetails(p.custom) : row.custom,
      ordinal,
    };
  });
  const kept = new Set(planned.map((r) => r.id));
  const keptRemoved = rows
    .filter((r) => (r.auto || delivered.has(r.id)) && !kept.has(r.id))
    .map((r) => ({ ...r, removed: true }));
  return [...planned, ...keptRemoved];
}

/** Whether the plan changes the stored recipients (their order, physicians, roles, details). */
export function recipientsChange(rows: readonly RecipientRow[], planned: readonly RecipientRow[]): boolean {
  const same = (a: RecipientRow, b: RecipientRow) =>
    a.id === b.id &&
    a.physicianId === b.physicianId &&
    a.isAddressee === b.isAddressee &&
    a.removed === b.removed &&
    JSON.stringify(a.custom ?? null) === JSON.stringify(b.custom ?? null);
  return planned.length !== rows.length || planned.some((p, i) => !same(p, rows[i]!));
}

/** A row as core's recipient rules read it: the physician id is the directory user id. */
const factsOf = (r: RecipientRow): RecipientFacts => ({
  userId: r.physicianId ?? 0,
  userIdSpecified: r.physicianId !== null,
  isAddressee: r.isAddressee,
  isPatient: r.isPatient,
  removed: r.removed,
  auto: r.auto,
});

/**
 * Refuses (400, nothing stored) recipients the work type does not allow (core
 * `recipientsRefusal`): addressees where it has none, more than its maximum, the patient where it
 * is not allowed or twice, a directory physician twice. `convert` first applies the work type
 * change of spec 02 §4 (addressees become carbon copies, the patient is removed), as
 * RefreshJobData answers it; answers the recipients as checked.
 */
export function refuseRecipients(
  planned: RecipientRow[],
  workType: WorkTypeRow | undefined,
  convert: boolean,
): RecipientRow[] {
  const checked = convert && workType ? applyWorkTypeToRecipients(planned, workType) : planned;
  const refusal = recipientsRefusal(checked.map(factsOf), workType ?? null);
  if (refusal) throw invalid(message(refusal.key, refusal.values));
  return checked;
}

/**
 * Spec 02 §5: an addressee count over or under the work type's limits withholds Move On and
 * Finish; a save in either mode is refused (400, nothing stored) with the count message as reason.
 */
export function refuseSaveModeOutsideLimits(
  job: { id: number; componentType: string },
  mode: SaveMode | 'text' | 'data',
  planned: readonly RecipientRow[],
  workType: WorkTypeRow | undefined,
): void {
  if (mode !== SAVE_MODES.moveOn && mode !== SAVE_MODES.finish) return;
  const count = addresseeCount(planned.map(factsOf));
  const { limit } = saveOptionsFor({
    componentType: job.componentType,
    addresseeCount: count,
    workType: workType ?? null,
  });
  const reason = limit ? addresseeCountMessage(count, workType ?? null) : null;
  if (reason)
    throw invalid(
      message('recipients.limitSaveMode', { jobId: job.id, reason: message(reason.key, reason.values) }),
    );
}
