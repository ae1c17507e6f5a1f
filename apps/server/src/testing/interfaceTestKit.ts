import type { AppContext } from '../context.js';
import { interfaceMessages } from '../db/schema/index.js';

/** An ADT^A08 of a test patient, as a feed sends it (CR between segments). */
export function adtA08(controlId: string, mrn = 'TK-1001'): string {
  return [
    `MSH|^~\\&|ADT|NORTH|QUILL|NORTH|20261205120000||ADT^A08|${controlId}|P|2.5.1`,
    'EVN|A08|20261205120000',
    `PID|1||${mrn}^^^NORTH^MR||Kit^Tessa||19700101|F`,
    'PV1|1|O|CLINIC^1',
  ].join('\r');
}

/**
 * A message of the interface log, as the interfaces record one (issue 44): its raw bytes as a
 * blob and a row (failed inbound unless told otherwise). Answers its id.
 */
export async function addInterfaceMessage(
  ctx: Pick<AppContext, 'database' | 'blobs'>,
  row: {
    corporateStructureId: number | null;
    clientFacilityId?: number | null;
    jobId?: number | null;
    patientId?: number | null;
    status?: string;
    direction?: 'in' | 'out';
    controlId?: string;
    messageType?: string;
    raw?: string;
    error?: string | null;
    ack?: string | null;
  },
): Promise<number> {
  const controlId = row.controlId ?? `TK${Math.random().toString(36).slice(2, 10)}`;
  const stored = await ctx.blobs.putContent(Buffer.from(row.raw ?? adtA08(controlId)), { prefix: 'hl7' });
  const [inserted] = await ctx.database.db
    .insert(interfaceMessages)
    .values({
      interfaceName: 'test-feed',
      direction: row.direction ?? 'in',
      controlId,
      messageType: row.messageType ?? 'ADT^A08',
      facility: 'NORTH',
      dedupeKey: `test:${controlId}`,
      blobKey: stored.key,
      status: row.status ?? 'failed',
      error: row.error === undefined ? 'No patient with this identifier' : row.error,
      ackCode: row.ack ? 'AE' : null,
      ack: row.ack ?? null,
      attempts: 1,
      corporateStructureId: row.corporateStructureId,
      clientFacilityId: row.clientFacilityId ?? null,
      jobId: row.jobId ?? null,
      patientId: row.patientId ?? null,
    })
    .returning({ id: interfaceMessages.id });
  return inserted!.id;
}
