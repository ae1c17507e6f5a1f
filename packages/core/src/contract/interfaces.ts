import { z } from 'zod';

/**
 * The hospital interfaces (issue 44), configured in the JSON file named by HL7_INTERFACES_FILE:
 * HL7 v2 over MLLP, inbound (an ADT feed, orders: Quill listens) and outbound (finished documents
 * as MDM or ORU: Quill connects). Checked at start; a file that does not match stops the server
 * with the path of the wrong value.
 */

const name = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9 _.-]{0,63}$/, 'a name of letters, digits, space, "_", "." or "-"');

/** "TYPE^EVENT" as MSH-9 carries it (e.g. "ADT^A08", "MDM^T02"), or "TYPE" for every event. */
export const Hl7MessageTypeSchema = z.string().regex(/^[A-Z][A-Z0-9]{2}(\^[A-Z0-9]{3})?$/, 'like ADT^A08');

/** Optional TLS of an MLLP connection: PEM files on the server's disk. */
const TlsSchema = z.object({
  certFile: z.string().min(1).optional(),
  keyFile: z.string().min(1).optional(),
  caFile: z.string().min(1).optional(),
});

/**
 * Which Quill facility a sending (in) or receiving (out) facility stands for: MSH-4's namespace id
 * (or MSH-4 whole) → a client facility of a corporate structure.
 */
const FacilityMapSchema = z.object({
  /** MSH-4 (in: the sender's; out: the one Quill addresses). */
  hl7Facility: z.string().min(1).max(180),
  clientFacilityId: z.number().int().positive(),
});

export const InboundInterfaceSchema = z.object({
  name,
  direction: z.literal('in'),
  /** Address and port Quill listens on (MLLP). */
  host: z.string().min(1).default('127.0.0.1'),
  port: z.number().int().min(1).max(65535),
  tls: TlsSchema.optional(),
  facilities: z.array(FacilityMapSchema).min(1).max(1000),
  /** The message types applied; others are acknowledged AR ("not handled by this interface"). */
  messageTypes: z.array(Hl7MessageTypeSchema).min(1).max(100),
});

export const OutboundInterfaceSchema = z.object({
  name,
  direction: z.literal('out'),
  /** The receiver Quill connects to (MLLP). */
  host: z.string().min(1),
  port: z.number().int().min(1).max(65535),
  tls: TlsSchema.optional(),
  facilities: z.array(FacilityMapSchema).min(1).max(1000),
  /** MDM (T02 original, T08/T10 after an addendum) or ORU^R01. */
  messageType: z.enum(['MDM', 'ORU']).default('MDM'),
  /** The document in OBX-5: the PDF (ED, base64), its text (TX), or both. */
  content: z.enum(['pdf', 'text', 'both']).default('pdf'),
  /** Seconds to wait for the ACK before the try counts as failed. */
  ackTimeoutSeconds: z.number().int().min(1).max(600).default(30),
});

export const InterfaceConfigSchema = z.discriminatedUnion('direction', [
  InboundInterfaceSchema,
  OutboundInterfaceSchema,
]);
export type InterfaceConfig = z.infer<typeof InterfaceConfigSchema>;
export type InboundInterface = z.infer<typeof InboundInterfaceSchema>;
export type OutboundInterface = z.infer<typeof OutboundInterfaceSchema>;

/** The whole file: interfaces with unique names. */
export const InterfacesFileSchema = z
  .object({ interfaces: z.array(InterfaceConfigSchema).max(100) })
  .refine((f) => new Set(f.interfaces.map((i) => i.name)).size === f.interfaces.length, {
    message: 'interface names must be unique',
  });
export type InterfacesFile = z.infer<typeof InterfacesFileSchema>;

/** Interface message statuses (the message log, issue 44). */
export const INTERFACE_MESSAGE_STATUSES = {
  in: ['received', 'applied', 'failed', 'handled'],
  out: ['queued', 'sent', 'acknowledged', 'failed', 'handled'],
} as const;
