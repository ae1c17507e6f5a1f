import { STAGES } from '@quill/core';
import { documentVersions, jobOrders, jobs, recipients } from '../db/schema/index.js';
import { jobAdt, jobOrderAdt, jobPhysicians } from './adt.js';
import {
  addAudio,
  addDistributionFailure,
  addNotes,
  before,
  dictationTime,
  HOUR,
  type JobContext,
  type JobRows,
  latestVisit,
  MINUTE,
  randomFlags,
} from './jobParts.js';
import { isSignedStage, type JobPlan, maxAgeDays, type RuleKind, stageMethod } from './jobPlan.js';
import {
  DAY_MS,
  type FacilityModel,
  isoDate,
  type PatientModel,
  type PhysicianModel,
  type WorkTypeModel,
} from './model.js';
import { MT_NAMES } from './pools/names.js';
import { hashSeed, type Rng } from './prng.js';
import { buildRecipients, type FacilityPhysicians } from './recipients.js';
import { recipientRegistryId } from './recipientsShowcase.js';
import { lastTurnaround, turnaroundTimes } from './turnaround.js';

const S = STAGES;

function pickWorkType(rng: Rng, facility: FacilityModel, patient: PatientModel | null): WorkTypeModel {
  const types = facility.workTypes;
  // Patients mostly get the same few kinds of documents, so documents are shared more often.
  if (patient && rng.chance(0.6))
    return types[hashSeed(patient.index, rng.int(0, 1)) % types.length] as WorkTypeModel;
  return rng.weighted(types.map((w) => [w, w.weight] as const));
}

/** Generates one job and its child rows into `ctx.rows`. */
export function buildJob(ctx: JobContext, plan: JobPlan, facility: FacilityModel): void {
  const { rng, ids, rows } = ctx;
  const stage = plan.stageId;
  const jobId = ids.next(jobs);
  const flags: RuleKind[] = plan.flags ?? (stage === S.holdQueue.id ? randomFlags(rng, facility) : []);
  const cs = facility.structure;
  const local = ctx.patientsByFacility.get(facility.index) ?? [];
  const pool = local.length > 0 && rng.chance(0.9) ? local : (ctx.patientsByStructure.get(cs.id) ?? []);
  const patient = plan.unmatched
    ? ctx.walkIn
    : stage === S.dictated.id && plan.doc === undefined && rng.chance(0.2)
      ? null
      : rng.pick(pool);
  // The document concerns the patient; an unmatched job is linked to no patient, visit or order.
  const linked = !plan.unmatched;
  const workType = pickWorkType(rng, facility, patient);
  const phys = ctx.physicians.get(facility.id) as FacilityPhysicians;

  const dictatedAt = dictationTime(rng, maxAgeDays(plan));
  const createdAt = before(dictatedAt + rng.int(1, 20) * MINUTE);
  const transcribedAt = before(dictatedAt + rng.int(1, 8) * HOUR);
  const signed = isSignedStage(stage);
  const signedAtMs = signed ? before(transcribedAt + rng.int(1, 60) * HOUR) : null;
  const missingSigned = plan.missingSignedAt ?? (signed && rng.chance(0.02));
  const manual =
    stage === S.manualDistribution.id
      ? 'uncleared'
      : stage === S.finished.id
        ? (plan.manual ??
          rng.weighted([
            ['none', 65],
            ['cleared', 28],
            ['uncleared', 7],
          ] as const))
        : 'none';
  const clearedAt =
    manual === 'cleared' ? before((signedAtMs ?? transcribedAt) + rng.int(4, 120) * HOUR) : null;

  let doc: 'CDA' | 'DOCX' | null;
  if (plan.doc !== undefined) doc = plan.doc;
  else if (stage === S.dictated.id || !patient) doc = null;
  else if (stage === S.transcription.id) doc = rng.chance(0.65) ? null : 'CDA';
  else if (stage === S.cancelled.id && rng.chance(0.5)) doc = null;
  else doc = rng.chance(0.06) ? 'DOCX' : 'CDA';
  if (flags.includes('emptySection') || flags.includes('patientNameMismatch')) doc = 'CDA';
  if (!patient) doc = null;

  // The dictator of a shared document stays its author, so the text and the job agree.
  let dictator: PhysicianModel | null = flags.includes('noDictator') ? null : rng.pick(phys.dictators);
  const variant = flags.includes('emptySection')
    ? 'emptySection'
    : flags.includes('patientNameMismatch')
      ? 'nameMismatch'
      : 'normal';
  let docKey: string | null = null;
  if (doc && patient) {
    docKey =
      variant === 'normal'
        ? `${patient.index}-${workType.template}-${doc}`
        : `${patient.index}-${workType.template}-${doc}-${variant}-${jobId}`;
    const existing = ctx.docs.get(docKey);
    if (existing) {
      if (dictator && existing.author) dictator = existing.author;
    } else {
      const visit = latestVisit(patient, dictatedAt);
      ctx.docs.add({
        key: docKey,
        format: doc,
        template: workType.template,
        patient,
        author: dictator,
        facility,
        visit,
        date: transcribedAt,
        variant,
        referrer: rng.pick(phys.all),
      });
    }
  }
  const dictatedFor = dictator && rng.chance(0.15) ? rng.pick(phys.dictators) : dictator;

  const visit = patient ? latestVisit(patient, dictatedAt) : undefined;
  const orderIds =
    linked && visit && visit.orderIds.length > 0 && rng.chance(0.6)
      ? rng.sample(visit.orderIds, rng.int(1, 2))
      : [];
  const adt = patient && linked ? jobAdt(patient, visit, facility.timeZone) : {};
  if (flags.includes('missingMandatoryAdt')) delete adt[rng.chance(0.5) ? 'PID.7.1' : 'PID.18.1'];

  const recips = buildRecipients(rng, {
    jobId,
    workType,
    physicians: phys,
    dictatorId: dictator?.id ?? null,
    patient,
    outsideLimits: flags.includes('addresseeCount'),
    needMethod: stageMethod(stage),
    nextId: () => ids.next(recipients),
  });
  rows.recipients.push(...recips);

  const jobNote = addNotes(ctx, jobId, plan, transcribedAt);

  for (const kind of flags) {
    const rule = facility.rules.find((r) => r.kind === kind);
    if (rule)
      rows.flags.push({
        jobId,
        code: rule.code,
        description: rule.description,
        createdAt: new Date(before(transcribedAt + 5 * MINUTE)),
      });
  }
  if (stage >= 4 && stage <= 7)
    addDistributionFailure(ctx, jobId, stage, recips, signedAtMs ?? transcribedAt);

  if (docKey && doc) {
    rows.documents.push({
      docKey,
      row: {
        id: ids.next(documentVersions),
        jobId,
        version: 1,
        format: doc,
        blobKey: '',
        size: 0,
        isDraft: false,
        source: 'seed',
        createdAt: new Date(transcribedAt),
      },
    });
  }
  if (plan.audio ?? (doc === null || rng.chance(0.92))) addAudio(ctx, jobId, dictatedAt);
  const adtPhysicians = jobPhysicians(jobId, dictator?.id ?? null, phys.all);
  // Orders only where the facility has an order template (the others have no Orders panel).
  if (facility.usesOrders) {
    for (const [ordinal, orderId] of orderIds.entries()) {
      const order = ctx.orders.get(orderId)!;
      rows.orders.push({
        id: ids.next(jobOrders),
        jobId,
        orderId,
        ordinal,
        adt: jobOrderAdt(order, facility.timeZone),
        physicians: order.orderingPhysicianId === null ? {} : { 'OBR.16': order.orderingPhysicianId },
      });
    }
  }

  const hi = plan.hi ?? rng.chance(stage === S.holdQueue.id ? 0.45 : 0.06);
  const updated = Math.max(createdAt, transcribedAt, signedAtMs ?? 0, clearedAt ?? 0);
  const job: JobRows['jobs'][number] = {
    id: jobId,
    originalJobId: null,
    dictationId: String(4_100_000 + jobId * 3 + rng.int(0, 2)),
    corporateStructureId: cs.id,
    serviceCentreId: facility.serviceCentreId,
    clientFacilityId: facility.id,
    dictatorId: dictator?.id ?? null,
    dictatedForId: dictatedFor?.id ?? null,
    patientId: linked ? (patient?.id ?? null) : null,
    visitId: linked ? (visit?.id ?? null) : null,
    workTypeId: workType.id,
    departmentId: rng.chance(0.9) ? rng.pick(facility.departmentIds) : null,
    locationId: rng.chance(0.8) ? rng.pick(facility.locationIds) : null,
    stageId: stage,
    componentType: hi ? 'HI' : 'TR',
    stat:
      plan.stat !== undefined
        ? plan.stat
        : rng.weighted([
            [null, 89.5],
            ['U', 8],
            ['M', 2.5],
          ] as const),
    version: 1,
    documentType: doc,
    jobType: 'standard',
    mtName: doc ? rng.pick(MT_NAMES) : null,
    isProtected: plan.isProtected ?? rng.chance(0.03),
    warnedOfProtection: false,
    forceResign: stage === S.eSignature.id && rng.chance(0.05),
    skipExport: rng.chance(0.02),
    skipPrint: rng.chance(0.02),
    isPreTranscription: stage === S.transcription.id && rng.chance(0.2),
    edited: false,
    editedVia: null,
    signed,
    faxed:
      signed &&
      stage !== S.faxFailed.id &&
      recips.some((r) => r.distributionMethod === 'fax' && !r.removed) &&
      stage !== S.pendingFax.id,
    onManualList: manual !== 'none',
    clearedAt: clearedAt === null ? null : new Date(clearedAt),
    supercedesJobId: null,
    supplementName: null,
    supplementType: null,
    jobNote,
    recipientRegistryId: recipientRegistryId(jobId),
    adt,
    adtPhysicians,
    createdAt: new Date(createdAt),
    dictatedAt: new Date(dictatedAt),
    signedAt: signedAtMs === null || missingSigned ? null : new Date(signedAtMs),
    dateOfService: isoDate(
      visit && visit.admittedAt <= dictatedAt
        ? Math.max(visit.admittedAt, dictatedAt - 3 * DAY_MS)
        : dictatedAt,
    ),
    updatedAt: new Date(updated),
  };
  // Turnaround after the row's own values, from the job's own generator: the seed's sequence stays.
  const turnaround = turnaroundTimes({
    jobId,
    stageId: stage,
    stat: job.stat != null,
    dictatedAt,
    textAt: docKey ? transcribedAt : null,
    signedAt: signedAtMs,
  });
  Object.assign(job, turnaround);
  job.updatedAt = new Date(Math.max(updated, lastTurnaround(turnaround)));
  rows.jobs.push(job);
}
