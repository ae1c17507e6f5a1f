import type { Tx } from '../../db/client.js';
import { uploadChanges } from '../../db/schema/index.js';

/** The records an upload writes. */
export type RecordEntity = 'patient' | 'visit' | 'order';
/** Issue 39: 'job' rows keep the values an upload wrote into a job's own ADT values. */
export type ChangeEntity = RecordEntity | 'job';
/** Issue 39: 'pin' keeps, on a final job, a value it used to take from its record (see uploadJobs.ts). */
export type ChangeOp = 'insert' | 'update' | 'delete' | 'pin';
/** A stored value: text, or null when absent (dates as ISO text). */
export type FieldValue = string | null;

/** The kept fields of a record: its columns and its ADT values ("adt.PID.11.1"). */
export function fieldValues(
  columns: Record<string, string | Date | null | undefined>,
  adt: Record<string, string> = {},
): Record<string, FieldValue> {
  const out: Record<string, FieldValue> = {};
  for (const [k, v] of Object.entries(columns)) out[k] = v instanceof Date ? v.toISOString() : (v ?? null);
  for (const [k, v] of Object.entries(adt)) out[`adt.${k}`] = v;
  return out;
}

/** The columns an import writes, by record: what is kept and compared on revert. */
export const KEPT_COLUMNS: Record<RecordEntity, readonly string[]> = {
  patient: ['lastName', 'firstName', 'middleName', 'dateOfBirth', 'sex'],
  visit: ['patientClass', 'admittedAt', 'dischargedAt'],
  order: ['description', 'orderedAt'],
};

/** The kept fields of a stored row (patients, visits or orders). */
export function rowFields(entity: RecordEntity, row: Record<string, unknown>): Record<string, FieldValue> {
  const columns = Object.fromEntries(KEPT_COLUMNS[entity].map((c) => [c, row[c] as string | Date | null]));
  return fieldValues(columns, (row.adt ?? {}) as Record<string, string>);
}

export interface Change {
  entity: ChangeEntity;
  entityId: number;
  record: string;
  op: ChangeOp;
  field: string | null;
  previous: unknown;
  next: unknown;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * Collects what one import changes, for upload_changes: the first previous and the last new value
 * of each field it changed, the records it added and the visits it deleted (with their orders).
 * A record added by the same upload has no field changes of its own.
 */
export class UploadChangeRecorder {
  private readonly updates = new Map<string, Change>();
  private readonly others: Change[] = [];
  private readonly inserted = new Set<string>();

  insert(entity: ChangeEntity, entityId: number, record: string): void {
    this.inserted.add(`${entity}:${entityId}`);
    this.others.push({ entity, entityId, record, op: 'insert', field: null, previous: null, next: null });
  }

  update(
    entity: ChangeEntity,
    entityId: number,
    record: string,
    before: Record<string, FieldValue>,
    after: Record<string, FieldValue>,
  ): void {
    if (this.inserted.has(`${entity}:${entityId}`)) return;
    for (const [field, next] of Object.entries(after)) {
      const key = `${entity}:${entityId}:${field}`;
      const kept = this.updates.get(key);
      if (kept) kept.next = next;
      else if (!same(before[field], next))
        this.updates.set(key, {
          entity,
          entityId,
          record,
          op: 'update',
          field,
          previous: before[field] ?? null,
          next,
        });
    }
  }

  /** A deleted visit and its orders; a visit this upload added is simply no longer added. */
  deleteVisit(
    visitId: number,
    visitNumber: string,
    snapshot: { visit: Record<string, unknown>; orders: Record<string, unknown>[] },
  ) {
    if (this.inserted.has(`visit:${visitId}`)) {
      const gone = new Set([`visit:${visitId}`, ...snapshot.orders.map((o) => `order:${o.id}`)]);
      for (let i = this.others.length - 1; i >= 0; i--) {
        const c = this.others[i]!;
        if (c.op === 'insert' && gone.has(`${c.entity}:${c.entityId}`)) this.others.splice(i, 1);
      }
      return;
    }
    // Changed earlier in this upload: the snapshot keeps the values from before the upload.
    for (const [key, c] of [...this.updates]) {
      const record =
        c.entity === 'visit' && c.entityId === visitId
          ? snapshot.visit
          : c.entity === 'order'
            ? snapshot.orders.find((o) => o.id === c.entityId)
            : undefined;
      if (!record) continue;
      this.updates.delete(key);
      if (c.field?.startsWith('adt.')) {
        const adt = { ...((record.adt ?? {}) as Record<string, string>) };
        if (c.previous === null) delete adt[c.field.slice(4)];
        else adt[c.field.slice(4)] = c.previous as string;
        record.adt = adt;
      } else if (c.field) record[c.field] = c.previous;
    }
    this.others.push({
      entity: 'visit',
      entityId: visitId,
      record: visitNumber,
      op: 'delete',
      field: null,
      previous: snapshot,
      next: null,
    });
  }

  changes(): Change[] {
    return [...this.others, ...[...this.updates.values()].filter((c) => !same(c.previous, c.next))];
  }

  async write(tx: Tx, uploadId: number, more: Change[] = []): Promise<void> {
    const rows = [...this.changes(), ...more].map((c) => ({ uploadId, ...c }));
    for (let i = 0; i < rows.length; i += 500) await tx.insert(uploadChanges).values(rows.slice(i, i + 500));
  }
}
