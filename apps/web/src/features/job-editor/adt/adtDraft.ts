import type {
  AdtItem,
  Hl7IdentifierBase,
  InputAdtItem,
  InputOrder,
  JobAdt,
  Order,
  OrderTemplate,
  PhysicianAdtItem,
} from '@quill/core/contract/adt/adt';
import type { Physician } from '@quill/core/contract/job';
import type { JobDataRequest } from '@quill/core/contract/jobSave';
import { adtKey, readAdtValue, sortAdtItems } from '@quill/core/rules/adt/adtValues';

/**
 * The Patient & Visit and Orders panels' working copy of the job's ADT (pure): grouping and
 * ordering, value changes, new orders, and the request form a save or a refresh sends.
 */

/** The ADT parts of a job-data request (spec 02 §7 inputAdtData, orderData, hl7Physician). */
export type AdtRequestFields = Required<Pick<JobDataRequest, 'inputAdtData' | 'orderData' | 'hl7Physician'>>;

/** The key of an item ("PID.5.1"). */
export const itemKey = (item: Pick<AdtItem, 'hl7Identifier'>) => adtKey(item.hl7Identifier);

/** The fields shown under each heading and those Add Field offers. */
export interface AdtGroups {
  mandatory: AdtItem[];
  additional: AdtItem[];
  addable: AdtItem[];
}

/**
 * Spec 02 §2/§4: mandatory fields under Mandatory; optional fields with a value, or `shown` (added
 * with Add Field, or edited, so a field emptied while typing stays put) under Additional; the other
 * optional fields, empty, in Add Field. Each list by ordinal with ordinal 0 last.
 */
export function adtGroups(items: readonly AdtItem[], shown: ReadonlySet<string>): AdtGroups {
  const sorted = sortAdtItems(items);
  const visible = (i: AdtItem) => i.mandatory || i.value !== null || shown.has(itemKey(i));
  return {
    mandatory: sorted.filter((i) => i.mandatory),
    additional: sorted.filter((i) => !i.mandatory && visible(i)),
    addable: sorted.filter((i) => !visible(i)),
  };
}

/**
 * The items with one value changed: the text as typed (blank is an empty value, null), and its
 * parsed value by data type (null while it does not read).
 */
export function withItemValue(items: readonly AdtItem[], key: string, text: string | null): AdtItem[] {
  return items.map((item) => {
    if (itemKey(item) !== key) return item;
    const value = text?.trim() ? text : null;
    const reading = readAdtValue(item.dataType, value);
    return { ...item, value, parsedValue: reading.ok ? reading.parsedValue : null };
  });
}

/** Spec 02 "Clear": every value that may be changed emptied (read-only values stay). */
export function clearedItems(items: readonly AdtItem[]): AdtItem[] {
  return items.map((i) => (i.readOnly ? i : { ...i, value: null, parsedValue: null }));
}

/**
 * The physician-type items with the one at `base` given a physician chosen in the Physician modal
 * (kept by hand: a refresh changes it only when the detail it follows changes).
 */
export function withItemPhysician(
  items: readonly PhysicianAdtItem[],
  base: Hl7IdentifierBase,
  physician: Physician,
): PhysicianAdtItem[] {
  return items.map((p) =>
    p.hl7IdentifierBase.segment === base.segment && p.hl7IdentifierBase.field === base.field
      ? { ...p, physician }
      : p,
  );
}

/** Temporary ids of orders added in the panel; the server gives them their own on save. */
const NEW_ORDER = 'new-';

/** Whether the order was added in the panel and is not saved yet. */
export const isNewOrder = (order: Pick<Order, 'instanceId'>) => order.instanceId.startsWith(NEW_ORDER);

/** A new order from the template, its id unused among `orders`. */
export function newOrder(template: OrderTemplate, orders: readonly Order[]): Order {
  let n = orders.length + 1;
  while (orders.some((o) => o.instanceId === `${NEW_ORDER}${n}`)) n += 1;
  return {
    instanceId: `${NEW_ORDER}${n}`,
    orderId: null,
    outputAdtData: template.outputAdtData.map((i) => ({ ...i, value: null, parsedValue: null })),
    hl7Physician: template.hl7Physician.map((p) => ({ ...p, physician: null })),
  };
}

const inputItems = (items: readonly AdtItem[]): InputAdtItem[] =>
  items.map((i) => ({ hl7Identifier: i.hl7Identifier, value: i.value?.trim() || null }));

const inputPhysicians = (items: readonly PhysicianAdtItem[]) =>
  items.map((p) => ({
    hl7IdentifierBase: p.hl7IdentifierBase,
    physicianId: p.physician && p.physician.userId > 0 ? p.physician.userId : null,
  }));

// A new order keeps its temporary id: the server takes any id not of the job's orders as new and
// a refresh answers it under the same id, so the panel's choice of order survives a refresh.
const inputOrder = (o: Order): InputOrder => ({
  instanceId: o.instanceId,
  orderId: o.orderId,
  outputAdtData: inputItems(o.outputAdtData),
  hl7Physician: inputPhysicians(o.hl7Physician),
});

/**
 * The ADT as a save, the hold-queue check or a refresh sends it: every value (read-only ones
 * unchanged, trimmed; empty ones as null so a removed field is emptied), every order (new ones with
 * their temporary id) and every physician-type item by physician id.
 */
export function adtRequestOf(
  adt: Pick<JobAdt, 'outputAdtData' | 'orderData' | 'hl7Physician'>,
): AdtRequestFields {
  return {
    inputAdtData: inputItems(adt.outputAdtData),
    orderData: adt.orderData.map(inputOrder),
    hl7Physician: inputPhysicians(adt.hl7Physician),
  };
}
