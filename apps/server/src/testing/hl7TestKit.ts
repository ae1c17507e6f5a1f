import { Hl7Message } from '@medplum/core';
import { Hl7Client } from '@medplum/hl7';
import type { InboundInterface } from '@quill/core';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import { adtDefinitions, interfaceMessages, jobs, patients, visits } from '../db/schema/index.js';
import { listenInbound } from '../interop/startInboundInterfaces.js';
import { ORDER_DEFS, STRUCTURE_DEFS } from './adtTestKit.js';
import { buildJob, buildStructure } from './factories.js';

type Ctx = Pick<AppContext, 'database' | 'blobs'>;

/**
 * The inbound feed's world (issue 44): a structure with the ADT test set (STRUCTURE_DEFS; PV1 44.1
 * refreshes on edit) and, on its facility, the order template and a location item (PV1 3.1); a
 * patient (MRN H100, visit V100) with an open job holding its name and a signed (final) one.
 */
export async function buildFeedWorld(ctx: Ctx) {
  const db = ctx.database.db;
  const north = await buildStructure(ctx, { name: 'Feed North' });
  const facility = north.facilities[0]!;
  const cs = north.structure.id;
  await db.insert(adtDefinitions).values([
    ...STRUCTURE_DEFS.map((d) => ({ ...d, corporateStructureId: cs })),
    ...ORDER_DEFS.map((d) => ({ ...d, corporateStructureId: cs, clientFacilityId: facility.id })),
    {
      corporateStructureId: cs,
      clientFacilityId: facility.id,
      columnHeading: 'Location',
      displayName: 'Location',
      segmentName: 'PV1',
      segmentType: 1,
      fieldIndex: 3,
      componentIndex: 1,
      dataType: 4,
      ordinal: 12,
      refreshOnEdit: true,
    },
  ]);
  const [patient] = await db
    .insert(patients)
    .values({ corporateStructureId: cs, mrn: 'H100', lastName: 'Okafor', firstName: 'Grace' })
    .returning();
  const [visit] = await db.insert(visits).values({ patientId: patient!.id, visitNumber: 'V100' }).returning();
  const linked = {
    patientId: patient!.id,
    visitId: visit!.id,
    adt: { 'PID.5.1': 'Okafor', 'PID.5.2': 'Grace' },
  };
  const open = await buildJob(ctx, facility, linked);
  const signed = await buildJob(ctx, facility, { ...linked, stageId: 12, signedAt: new Date() });
  return { structure: north.structure, facility, patient: patient!, visit: visit!, open, signed };
}

/** The inbound interface of the world: MSH-4 "HOSP" is its facility; ADT and both order messages. */
export function feedInterface(clientFacilityId: number, port = 0): InboundInterface {
  return {
    name: 'adt-feed',
    direction: 'in',
    host: '127.0.0.1',
    port,
    facilities: [{ hl7Facility: 'HOSP', clientFacilityId }],
    messageTypes: ['ADT', 'ORM^O01', 'OML^O21'],
  };
}

/** An HL7 value's text: its escape sequences read (\F\ \S\ \T\ \R\ \E\). */
const hl7Unescape = (value: string) =>
  value.replace(/\\([FSTRE])\\/g, (_, c: string) => ({ F: '|', S: '^', T: '&', R: '~', E: '\\' })[c]!);

/** A listener for the interface and a real MLLP peer (@medplum/hl7's client) connected to it. */
export async function connectFeed(ctx: AppContext, iface: InboundInterface) {
  const listener = await listenInbound(ctx, iface);
  const client = new Hl7Client({ host: '127.0.0.1', port: listener.port });
  return {
    listener,
    client,
    /** Sends one message (segments joined with CR) and answers its ACK's MSA-1 and MSA-3. */
    async send(text: string) {
      const ack = await client.sendAndWait(Hl7Message.parse(text), { timeoutMs: 20_000 });
      const msa = ack.getSegment('MSA');
      return {
        code: msa?.getField(1).toString() ?? '',
        text: hl7Unescape(msa?.getField(3).toString() ?? ''),
        ack,
      };
    },
    async close() {
      await client.close();
      await listener.close();
    },
  };
}

let controlIds = 0;

/** An ADT (or order) message from HOSP: MSH, EVN and the given segments, joined with CR. */
export function hl7(type: string, segments: string[], opts: { controlId?: string; facility?: string } = {}) {
  const controlId = opts.controlId ?? `C${Date.now()}${++controlIds}`;
  const event = type.split('^')[1] ?? '';
  return [
    `MSH|^~\\&|EPIC|${opts.facility ?? 'HOSP'}|QUILL|QUILL|20260301101500||${type}^${type.replace('^', '_')}|${controlId}|P|2.5.1`,
    `EVN|${event}|20260301101500`,
    ...segments,
  ].join('\r');
}

/** A PID segment: identifier, last^first, birth date, sex, visit number (PID-18). */
export const pid = (mrn: string, name: string, dob = '', sex = '', visit = '') =>
  `PID|1||${mrn}^^^HOSP^MR||${name}||${dob}|${sex}||||||||||${visit}`;

/** A PV1 segment: class, location (PV1-3), admit (PV1-44) and discharge (PV1-45) times. */
export const pv1 = (patientClass: string, location = '', admit = '', discharge = '') =>
  `PV1|1|${patientClass}|${location}${'|'.repeat(41)}${admit}|${discharge}`;

/** The logged messages, oldest first. */
export const loggedMessages = (ctx: Ctx) =>
  ctx.database.db.select().from(interfaceMessages).orderBy(interfaceMessages.id);

export const patientByMrn = async (ctx: Ctx, mrn: string) =>
  (await ctx.database.db.select().from(patients).where(eq(patients.mrn, mrn)))[0];

export const jobRow = async (ctx: Ctx, id: number) =>
  (await ctx.database.db.select().from(jobs).where(eq(jobs.id, id)))[0]!;
