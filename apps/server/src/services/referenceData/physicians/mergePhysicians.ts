import { type MergeCounts, type MergePhysicianResult, mergeRefusal, message } from '@quill/core';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../../context.js';
import type { Db } from '../../../db/client.js';
import { accounts, physicians } from '../../../db/schema/index.js';
import { conflict, type DomainError, invalid, isDomainError } from '../../../errors/domainErrors.js';
import { rowsOf } from '../../audit/auditHash.js';
import type { Auth } from '../../auth/auth.js';
import { auditReference } from '../auditReference.js';
import { referenceWrite } from '../referenceWrite.js';
import { requireDirectoryPhysician, toDirectoryPhysician } from './directory.js';

const REFUSALS: Record<NonNullable<ReturnType<typeof mergeRefusal>>, () => DomainError> = {
  same: () => invalid(message('reference.physicians.mergeSame')),
  keptDisabled: () => conflict(message('reference.physicians.mergeKeptDisabled'), 'physician_disabled'),
  alreadyMerged: () => conflict(message('reference.physicians.mergeAlreadyMerged'), 'physician_merged'),
  narrower: () => invalid(message('reference.physicians.mergeNarrower')),
};

/** A physician-id map (jsonb, physician id by "SEG.field") names the duplicate `d`. */
const names = (map: SQL, d: number) =>
  sql`exists (select 1 from jsonb_each(${map}) e where e.value = to_jsonb(${d}::int))`;
/** The map with the duplicate `d` replaced by the kept `k`. */
const swapped = (map: SQL, d: number, k: number) =>
  sql`(select jsonb_object_agg(e.key, case when e.value = to_jsonb(${d}::int) then to_jsonb(${k}::int) else e.value end)
    from jsonb_each(${map}) e)`;

const count = async (tx: Db, statement: SQL) =>
  rowsOf<Record<string, number>>(await tx.execute(statement))[0] ?? {};

/**
 * Moves every reference to the duplicate `d` in structure `cs` to the kept physician `k`, one
 * statement per table (a merge of thousands of jobs is never a loop): the jobs' dictator,
 * dictated-for and patient-data physician items; job orders' and order records' physician items;
 * recipients (a job that names both keeps one live entry: the duplicate's is flagged removed and
 * the kept one becomes an addressee when the duplicate's was); accounts linked to it; physicians
 * merged into it before.
 */
async function moveReferences(tx: Db, cs: number, d: number, k: number): Promise<MergeCounts> {
  const j = sql.raw('j.adt_physicians');
  const jobsMoved = await count(
    tx,
    sql`with target as (
        select j.id, coalesce(j.dictator_id = ${d}, false) as dictator,
          coalesce(j.dictated_for_id = ${d}, false) as dictated_for, ${names(j, d)} as adt
        from jobs j
        where j.corporate_structure_id = ${cs}
          and (j.dictator_id = ${d} or j.dictated_for_id = ${d} or ${names(j, d)})),
      moved as (
        update jobs j set
          dictator_id = case when t.dictator then ${k} else j.dictator_id end,
          dictated_for_id = case when t.dictated_for then ${k} else j.dictated_for_id end,
          adt_physicians = case when t.adt then ${swapped(j, d, k)} else j.adt_physicians end
        from target t where j.id = t.id
        returning t.dictator, t.dictated_for, t.adt)
      select count(*) filter (where dictator)::int as "dictatorJobs",
        count(*) filter (where dictated_for)::int as "dictatedForJobs",
        count(*) filter (where adt)::int as "adtJobs"
      from moved`,
  );
  const o = sql.raw('o.physicians');
  const jobOrdersMoved = await count(
    tx,
    sql`with moved as (
        update job_orders o set physicians = ${swapped(o, d, k)}
        from jobs j where j.id = o.job_id and j.corporate_structure_id = ${cs} and ${names(o, d)}
        returning o.id)
      select count(*)::int as n from moved`,
  );
  const ordersMoved = await count(
    tx,
    sql`with moved as (
        update orders o set physicians = ${swapped(o, d, k)}
        from visits v, patients p
        where v.id = o.visit_id and p.id = v.patient_id and p.corporate_structure_id = ${cs} and ${names(o, d)}
        returning o.id)
      select count(*)::int as n from moved`,
  );
  const recipientsMoved = await count(
    tx,
    sql`with dup as (
        select r.id, r.job_id, r.is_addressee and not r.removed as addressee,
          not r.removed and exists (select 1 from recipients k where k.job_id = r.job_id
            and k.physician_id = ${k} and not k.removed) as folded
        from recipients r join jobs j on j.id = r.job_id
        where r.physician_id = ${d} and j.corporate_structure_id = ${cs}),
      moved as (
        update recipients r set physician_id = ${k}, removed = r.removed or dup.folded
        from dup where r.id = dup.id
        returning dup.folded),
      promoted as (
        update recipients r set is_addressee = true
        where r.physician_id = ${k} and not r.removed and not r.is_addressee
          and r.job_id in (select job_id from dup where folded and addressee)
        returning r.id)
      select (select count(*)::int from moved) as recipients,
        (select count(*)::int from moved where folded) as "foldedRecipients",
        (select count(*)::int from promoted) as promoted`,
  );
  const linked = await tx
    .update(accounts)
    .set({ physicianId: k })
    .where(eq(accounts.physicianId, d))
    .returning({ id: accounts.id });
  const earlier = await tx
    .update(physicians)
    .set({ mergedIntoId: k })
    .where(eq(physicians.mergedIntoId, d))
    .returning({ id: physicians.id });
  return {
    dictatorJobs: jobsMoved.dictatorJobs ?? 0,
    dictatedForJobs: jobsMoved.dictatedForJobs ?? 0,
    adtJobs: jobsMoved.adtJobs ?? 0,
    orders: (jobOrdersMoved.n ?? 0) + (ordersMoved.n ?? 0),
    recipients: recipientsMoved.recipients ?? 0,
    foldedRecipients: recipientsMoved.foldedRecipients ?? 0,
    accounts: linked.length,
    earlierMerges: earlier.length,
  };
}

/**
 * POST /api/reference/{cfId}/physicians/{physicianId}/merge (dictatorAdd): merges the duplicate
 * `duplicateId` into the path's physician, both of the facility's directory (the kept one 404
 * otherwise, the duplicate 400), in one transaction under the structure's reference lock: every
 * reference moves (moveReferences), then the duplicate is disabled and marked merged into the kept
 * one. Refused: the same physician (400), a disabled kept one (409), a duplicate merged before
 * (409), a duplicate of every facility into one facility's physician (400). Jobs show the kept
 * physician at their next load (their rows changed; the physicians trigger moves the reference
 * epoch). Answers and audits the counts moved (ids and counts only). Cannot be undone.
 */
export async function mergePhysicians(
  ctx: AppContext,
  auth: Auth,
  cfId: number,
  physicianId: number,
  duplicateId: number,
  ip: string | null,
): Promise<MergePhysicianResult> {
  return referenceWrite(ctx, auth, cfId, async (tx, facility) => {
    const kept = await requireDirectoryPhysician(tx, facility, physicianId);
    const duplicate = await requireDirectoryPhysician(tx, facility, duplicateId).catch((err: unknown) => {
      throw isDomainError(err, 'notFound') ? invalid(message('reference.physicians.duplicateNotFound')) : err;
    });
    const refusal = mergeRefusal(kept, duplicate);
    if (refusal) throw REFUSALS[refusal]();
    const moved = await moveReferences(tx, facility.corporateStructureId, duplicate.id, kept.id);
    const [merged] = await tx
      .update(physicians)
      .set({ disabled: true, mergedIntoId: kept.id })
      .where(eq(physicians.id, duplicate.id))
      .returning();
    await auditReference(
      ctx,
      auth,
      facility,
      'physician.merge',
      ip,
      { physicianId: kept.id, duplicateId: duplicate.id, ...moved },
      tx,
    );
    return {
      kept: await toDirectoryPhysician(tx, kept),
      duplicate: await toDirectoryPhysician(tx, merged!),
      moved,
    };
  });
}
