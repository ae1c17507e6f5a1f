/**
 * A finished document as an outbound HL7 v2.5.1 message (issue 44, docs/domain.md "Interfaces
 * (HL7 v2): outbound"): MDM^T02 (an original), MDM^T08 (an edit of a document the receiver has),
 * MDM^T10 (a replacement: an addendum) or ORU^R01, with the document in OBX — the PDF as ED
 * (base64) and/or its text as TX lines. Pure: the server gathers the facts and sends the bytes.
 */

/** The HL7 delimiters Quill writes (MSH-1 and MSH-2): | ^ ~ \ &. */
const ESCAPES: readonly [RegExp, string][] = [
  [/\\/g, '\\E\\'],
  [/\|/g, '\\F\\'],
  [/\^/g, '\\S\\'],
  [/&/g, '\\T\\'],
  [/~/g, '\\R\\'],
];

/**
 * A value as HL7 v2 text (chapter 2.7): the escape character first, then each delimiter as its
 * escape sequence; a line break (which would end the segment) becomes `\.br\`; other control
 * characters are dropped.
 */
export function escapeHl7(value: string): string {
  let out = value;
  for (const [re, seq] of ESCAPES) out = out.replace(re, seq);
  return (
    out
      .replace(/\r\n|\r|\n/g, '\\.br\\')
      .replace(/\t/g, ' ')
      // biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters HL7 text cannot carry
      .replace(/[\u0000-\u001f\u007f]/g, '')
  );
}

/** The text of an escaped HL7 value (the reverse of escapeHl7; `\.br\` → a line break). */
export function unescapeHl7(value: string): string {
  const words: Record<string, string> = { E: '\\', F: '|', S: '^', T: '&', R: '~', '.br': '\n' };
  return value.replace(/\\(E|F|S|T|R|\.br)\\/g, (_, w: string) => words[w]!);
}

/** An HL7 DTM in UTC: YYYYMMDDHHMMSS+0000. */
export function hl7DateTime(at: Date): string {
  return `${at.toISOString().slice(0, 19).replace(/[-T:]/g, '')}+0000`;
}

/** A person as XCN/PPN components: id ^ family ^ given ^ middle ^ suffix ^ prefix ^ degree. */
export interface Hl7Person {
  id: string;
  lastName: string;
  firstName: string;
  middleName?: string | null;
  suffix?: string | null;
  prefix?: string | null;
  degree?: string | null;
}

export interface DocumentMessageFacts {
  /** The interface's message type: MDM (T02/T08/T10) or ORU (R01). */
  messageType: 'MDM' | 'ORU';
  /** MSH-10: unique per delivery, the same on a resend. */
  controlId: string;
  /** MSH-4 and MSH-6: the facility as the receiver names it (the interface's mapping). */
  facility: string;
  /** MSH-7 and EVN-2. */
  at: Date;
  patient: {
    mrn: string | null;
    lastName: string | null;
    firstName: string | null;
    middleName: string | null;
    /** YYYY-MM-DD. */
    dateOfBirth: string | null;
    sex: string | null;
  };
  visit: { number: string; patientClass: string | null } | null;
  document: {
    /** TXA-2: the work type's name. */
    type: string | null;
    /** TXA-12: unique per job version ("job-version"). */
    uniqueNumber: string;
    /** TXA-13: the document this one amends (an addendum) or edits, else null. */
    parentNumber: string | null;
    /** Why a parent is named: an addendum replaces it (T10), an edit revises it (T08). */
    relation: 'addendum' | 'edit' | null;
    /** TXA-4 and TXA-6: when it was dictated. */
    activityAt: Date | null;
    /** TXA-5 and TXA-9: the dictator. */
    originator: Hl7Person | null;
    /** TXA-22: the live signatures, the author's first. */
    authentications: (Hl7Person & { signedAt: Date })[];
    /** A copy sent before signing ("Preliminary — not signed"). */
    preliminary: boolean;
  };
  /** The distributed PDF (bytes) and/or the document's text. */
  content: { pdf: Uint8Array | null; text: string | null };
}

/** MSH-9 of the facts: MDM^T02 / T08 / T10 (structure MDM_T02) or ORU^R01. */
export function documentMessageType(f: Pick<DocumentMessageFacts, 'messageType' | 'document'>): string {
  if (f.messageType === 'ORU') return 'ORU^R01';
  if (f.document.relation === 'addendum') return 'MDM^T10';
  if (f.document.relation === 'edit') return 'MDM^T08';
  return 'MDM^T02';
}

/** TXA-17: AU authenticated (signed), PA preliminary, DO documented (no signature asked). */
export function completionStatus(d: DocumentMessageFacts['document']): 'AU' | 'PA' | 'DO' {
  if (d.preliminary) return 'PA';
  return d.authentications.length ? 'AU' : 'DO';
}

const SEXES = new Set(['F', 'M', 'O', 'U', 'A', 'N']);
const field = (v: string | null | undefined) => escapeHl7(v ?? '');
const components = (parts: (string | null | undefined)[]) => {
  const out = parts.map(field);
  while (out.length && out[out.length - 1] === '') out.pop();
  return out.join('^');
};
const person = (p: Hl7Person) =>
  components([p.id, p.lastName, p.firstName, p.middleName, p.suffix, p.prefix, p.degree]);
const segment = (name: string, fields: string[]) => {
  const out = [name, ...fields];
  while (out.length > 1 && out[out.length - 1] === '') out.pop();
  return out.join('|');
};

/** The document's text as TX lines: one per line of text, trailing blank lines left out. */
function textLines(text: string): string[] {
  const lines = text.split(/\r\n|\r|\n/);
  while (lines.length && lines[lines.length - 1]!.trim() === '') lines.pop();
  return lines;
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Bytes as base64 (RFC 4648, with padding): the ED data of OBX-5. */
export function base64(bytes: Uint8Array): string {
  const out: string[] = [];
  for (let i = 0; i < bytes.length; i += 3) {
    const n = (bytes[i]! << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    const left = bytes.length - i;
    out.push(
      BASE64[(n >> 18) & 63]! +
        BASE64[(n >> 12) & 63]! +
        (left > 1 ? BASE64[(n >> 6) & 63]! : '=') +
        (left > 2 ? BASE64[n & 63]! : '='),
    );
  }
  return out.join('');
}

/** The OBX segments of the document: the PDF as ED, then the text as TX lines. */
function observations(f: DocumentMessageFacts): string[] {
  const status = f.document.preliminary ? 'P' : 'F';
  const obx: string[] = [];
  const add = (type: string, id: string, value: string) =>
    obx.push(segment('OBX', [String(obx.length + 1), type, id, '1', value, '', '', '', '', '', status]));
  if (f.content.pdf) add('ED', 'PDF^Document^L', `^application^pdf^Base64^${base64(f.content.pdf)}`);
  if (f.content.text !== null)
    for (const line of textLines(f.content.text)) add('TX', 'TEXT^Document text^L', field(line));
  return obx;
}

/**
 * The message's segments, joined by carriage returns (HL7's segment separator): MSH, EVN, PID,
 * PV1, TXA, OBX… for MDM; MSH, PID, PV1, OBR, OBX… for ORU.
 */
export function buildDocumentMessage(f: DocumentMessageFacts): string {
  const type = documentMessageType(f);
  const structure = f.messageType === 'ORU' ? 'ORU_R01' : 'MDM_T02';
  const at = hl7DateTime(f.at);
  const { patient: p, document: d } = f;
  const activity = d.activityAt ? hl7DateTime(d.activityAt) : '';
  const msh = [
    '^~\\&',
    'QUILL',
    field(f.facility),
    '',
    field(f.facility),
    at,
    '',
    `${type}^${structure}`,
    field(f.controlId),
    'P',
    '2.5.1',
    '',
    '',
    '',
    '',
    '',
    'UNICODE UTF-8',
  ];
  const segments = [`MSH|${msh.join('|')}`];
  if (f.messageType === 'MDM') segments.push(segment('EVN', [type.slice(4), at]));
  segments.push(
    segment('PID', [
      '1',
      '',
      p.mrn ? `${field(p.mrn)}^^^^MR` : '',
      '',
      components([p.lastName, p.firstName, p.middleName]),
      '',
      p.dateOfBirth ? p.dateOfBirth.replace(/-/g, '').slice(0, 8) : '',
      p.sex && SEXES.has(p.sex.toUpperCase()) ? p.sex.toUpperCase() : p.sex ? 'U' : '',
    ]),
    segment('PV1', ['1', field(f.visit?.patientClass ?? 'U'), ...Array(16).fill(''), field(f.visit?.number)]),
  );
  const status = completionStatus(d);
  // PPN: the person in components 1–7, the time of the signature in component 15.
  const signers = d.authentications.map((a) => {
    const who = person(a);
    return `${who}${'^'.repeat(15 - who.split('^').length)}${hl7DateTime(a.signedAt)}`;
  });
  // NDL (OBR-32): the interpreter as CNN subcomponents.
  const author = d.authentications[0];
  const interpreter = author ? [author.id, author.lastName, author.firstName].map(field).join('&') : '';
  const originator = d.originator ? person(d.originator) : '';
  const unique = `${field(d.uniqueNumber)}^QUILL`;
  const parent = d.parentNumber ? `${field(d.parentNumber)}^QUILL` : '';
  if (f.messageType === 'MDM') {
    segments.push(
      segment('TXA', [
        '1',
        field(d.type),
        f.content.pdf ? 'AP' : 'TX',
        activity,
        originator,
        activity,
        '',
        '',
        originator,
        '',
        '',
        unique,
        parent,
        '',
        '',
        '',
        status,
        '',
        'AV',
        '',
        '',
        signers.join('~'),
      ]),
    );
  } else {
    segments.push(
      segment('OBR', [
        '1',
        '',
        unique,
        `${field(d.type)}^${field(d.type)}^L`,
        '',
        '',
        activity,
        ...Array(13).fill(''),
        '',
        at,
        '',
        '',
        d.preliminary || status === 'DO' ? 'P' : 'F',
        '',
        '',
        '',
        '',
        '',
        '',
        interpreter,
      ]),
    );
  }
  segments.push(...observations(f));
  return segments.join('\r');
}
