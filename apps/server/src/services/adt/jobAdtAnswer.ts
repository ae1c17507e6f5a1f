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
import { type AdtDefinition, adtDataType, loadAdtDefinitions } from './adtDefinitions.js';
import { loadAdtSearchConfiguration } from './adtSearchConfiguration.js';
import { jobAdtValues, physicianValues, textValues } from './jobAdtValues.js';

type Job = typeof jobs.$inferSelect;
type PhysicianRow = typeof physicians.$inferSelect;

/** Spec 02 §3 "ADT data item": a definition with its stored value read by its data type. */
export function adtItem(def: AdtDefinition, stored: string | undefined): AdtItem {
  const r = def.row;
  const dataType = adtDataType(r);
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

/** An order as the answer shows it: a stored row, or one as a refresh would make it. */
export interface ShownOrder {
  instanceId: string;
  orderId: number | null;
  adt: Record<string, string>;
  physicians: Record<string, number>;
}

/**
 * The job's ADT as getadtdata, Accept ADT and RefreshJobData answer it (spec 02 §3): its items
 * with their values, mandatory first and by ordinal with 0 last; its physician-type items (a
 * physician of another structure reads as none); its orders (the stored ones, or `orders` as a
 * refresh would make them), the order template and the summary columns — only when the facility
 * has order definitions (otherwise no orders, template null); and the facility's ADT searches.
 */
export async function jobAdtOf(db: Db, job: Job, orders?: readonly ShownOrder[]): Promise<JobAdt> {
  const defs = await loadAdtDefinitions(db, job);
  const hasOrders = defs.orderValues.length + defs.orderPhysicians.length > 0;
  const orderRows: readonly ShownOrder[] = !hasOrders
    ? []
    : (orders ??
      (
        await db
          .select()
          .from(jobOrders)
          .where(eq(jobOrders.jobId, job.id))
          .orderBy(asc(jobOrders.ordinal), asc(jobOrders.id))
      ).map((o) => ({
        instanceId: String(o.id),
        orderId: o.orderId,
        adt: textValues(o.adt),
        physicians: physicianValues(o.physicians),
      })));
  const jobPhysicians = physicianValues(job.adtPhysicians);
  const found = await loadPhysicians(db, job.corporateStructureId, [
    ...Object.values(jobPhysicians),
    ...orderRows.flatMap((o) => Object.values(o.physicians)),
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
    orderData: orderRows.map((o) => ({
      instanceId: o.instanceId,
      orderId: o.orderId,
      outputAdtData: items(defs.orderValues, o.adt),
      hl7Physician: physicianItems(defs.orderPhysicians, o.physicians),
    })),
    orderTemplate: hasOrders
      ? { outputAdtData: items(defs.orderValues, {}), hl7Physician: physicianItems(defs.orderPhysicians, {}) }
      : null,
    orderSummary: summary,
    adtSearchConfiguration: await loadAdtSearchConfiguration(db, job.clientFacilityId),
  };
}
