import {
  type AdtItem,
  adtDisplayType,
  type JobAdt,
  type OrderSummaryEntry,
  type PhysicianAdtItem,
  readAdtValue,
  sortAdtItems,
} from '@quill/core';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { jobOrders, type jobs, type physicians } from '../../db/schema/index.js';
import { loadPhysicians, toPhysician } from '../jobEditor/jobRows.js';
import { type AdtDefinition, loadAdtDefinitions } from './adtDefinitions.js';
import { loadAdtSearchConfiguration } from './adtSearchConfiguration.js';
import { jobAdtValues, textValues } from './jobAdtValues.js';

type Job = typeof jobs.$inferSelect;
type PhysicianRow = typeof physicians.$inferSelect;

/** Spec 02 §3 "ADT data item": a definition with its stored value read by its data type. */
export function adtItem(def: AdtDefinition, stored: string | undefined): AdtItem {
  const r = def.row;
  // An unknown data type is shown and read as a string.
  const dataType = r.dataType >= 0 && r.dataType <= 6 ? r.dataType : 4;
  const value = stored?.trim() ? stored : null;
  const reading = readAdtValue(dataType, value);
  return {
    hl7Identifier: { segment: r.segmentName, field: r.fieldIndex, component: r.componentIndex },
    value,
    parsedValue: reading.ok ? reading.parsedValue : null,
    dataType,
    displayDataType: adtDisplayType(dataType),
    displayName: r.displayName,
    ordinal: r.ordinal,
    mandatory: r.mandatory,
    source: def.source,
    refreshOnEdit: r.refreshOnEdit,
    readOnly: r.readOnly,
    highlighted: r.highlighted,
  };
}

/** Spec 02 §3 "Physician-type ADT item": a definition with its physician, if one is set. */
function physicianItem(def: AdtDefinition, physician: PhysicianRow | undefined): PhysicianAdtItem {
  const r = def.row;
  return {
    hl7IdentifierBase: { segment: r.segmentName, field: r.fieldIndex },
    physician: physician ? toPhysician(physician) : null,
    displayName: r.displayName,
    ordinal: r.ordinal,
    mandatory: r.mandatory,
    refreshOnEdit: r.refreshOnEdit,
    follows: r.follows === 'dictator' || r.follows === 'dictatedFor' ? r.follows : null,
  };
}

/** Physician ids of a jsonb map (only whole numbers count). */
const physicianIds = (stored: unknown): Record<string, number> =>
  stored && typeof stored === 'object'
    ? Object.fromEntries(
        Object.entries(stored as Record<string, unknown>).filter((e): e is [string, number] =>
          Number.isInteger(e[1]),
        ),
      )
    : {};

/**
 * The job's ADT as getadtdata and Accept ADT answer it (spec 02 §3): its items with their values,
 * mandatory first and by ordinal with 0 last; its physician-type items (a physician of another
 * structure reads as none); its orders, the order template and the summary columns — only when
 * the facility has order definitions (otherwise no orders, template null); and the facility's
 * ADT searches.
 */
export async function jobAdtOf(db: Db, job: Job): Promise<JobAdt> {
  const defs = await loadAdtDefinitions(db, job);
  const hasOrders = defs.orderValues.length + defs.orderPhysicians.length > 0;
  const orderRows = hasOrders
    ? await db
        .select()
        .from(jobOrders)
        .where(eq(jobOrders.jobId, job.id))
        .orderBy(asc(jobOrders.ordinal), asc(jobOrders.id))
    : [];
  const jobPhysicians = physicianIds(job.adtPhysicians);
  const orderPhysicians = orderRows.map((o) => physicianIds(o.physicians));
  const found = await loadPhysicians(db, job.corporateStructureId, [
    ...Object.values(jobPhysicians),
    ...orderPhysicians.flatMap((p) => Object.values(p)),
  ]);
  const items = (list: AdtDefinition[], values: Record<string, string>) =>
    sortAdtItems(list.map((d) => adtItem(d, values[d.key])));
  const physicianItems = (list: AdtDefinition[], ids: Record<string, number>) =>
    sortAdtItems(list.map((d) => physicianItem(d, found.get(ids[d.key] as number))));
  const summary: OrderSummaryEntry[] = sortAdtItems(
    defs.orderValues.filter((d) => d.row.inOrderSummary).map((d) => adtItem(d, undefined)),
  ).map((i) => ({ ...i.hl7Identifier, displayName: i.displayName }));

  return {
    jobId: job.id,
    patientId: job.patientId,
    visitId: job.visitId,
    outputAdtData: items(defs.values, await jobAdtValues(db, job)),
    hl7Physician: physicianItems(defs.physicians, jobPhysicians),
    orderData: orderRows.map((o, i) => ({
      instanceId: String(o.id),
      orderId: o.orderId,
      outputAdtData: items(defs.orderValues, textValues(o.adt)),
      hl7Physician: physicianItems(defs.orderPhysicians, orderPhysicians[i] ?? {}),
    })),
    orderTemplate: hasOrders
      ? { outputAdtData: items(defs.orderValues, {}), hl7Physician: physicianItems(defs.orderPhysicians, {}) }
      : null,
    orderSummary: summary,
    adtSearchConfiguration: await loadAdtSearchConfiguration(db, job.clientFacilityId),
  };
}
