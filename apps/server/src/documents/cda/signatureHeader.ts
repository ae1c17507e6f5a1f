import { OID_ROOT } from './build/buildCda.js';
import { escapeXml, hl7Time } from './build/xml.js';
import { indentAt } from './edit/writeNarrative.js';
import { type ScannedElement, scanXml } from './edit/xmlScanner.js';
import { HL7_V3 } from './xmlTree.js';

/** One of Quill's signatures as the CDA header states it (issue 43). */
export interface CdaSigner {
  meaning: 'author' | 'co-signer';
  signedAt: Date;
  physicianId: number;
  person: {
    prefix: string | null;
    firstName: string;
    middleInitial: string | null;
    lastName: string;
    suffix: string | null;
    credentials: string | null;
  };
}

/**
 * The header elements the CDA R2 schema (POCD_MT000040.ClinicalDocument) places before
 * `legalAuthenticator`; `authenticator` follows it, then participant, inFulfillmentOf, …, component.
 */
const BEFORE_LEGAL = new Set([
  'realmCode',
  'typeId',
  'templateId',
  'id',
  'code',
  'title',
  'effectiveTime',
  'confidentialityCode',
  'languageCode',
  'setId',
  'versionNumber',
  'copyTime',
  'recordTarget',
  'author',
  'dataEnterer',
  'informant',
  'custodian',
  'informationRecipient',
]);

/** Text as XML character data in any ASCII-compatible encoding: markup and non-ASCII as references. */
const xmlAscii = (text: string) => escapeXml(text).replace(/[^\x20-\x7e]/gu, (c) => `&#${c.codePointAt(0)};`);

function personName(p: CdaSigner['person'], ns: string): string {
  const part = (tag: string, value: string | null) =>
    value?.trim() ? `<${ns}${tag}>${xmlAscii(value.trim())}</${ns}${tag}>` : '';
  return [
    part('prefix', p.prefix),
    part('given', p.firstName),
    part('given', p.middleInitial),
    part('family', p.lastName),
    part('suffix', p.credentials ?? p.suffix),
  ].join('');
}

/**
 * `legalAuthenticator` (the author's signature) or `authenticator` (a co-signature): the time it
 * was made (UTC), signatureCode S, and the physician as assignedEntity with Quill's id and name.
 */
export function signatureElement(
  signer: CdaSigner,
  tag: 'legalAuthenticator' | 'authenticator',
  ns = '',
): string {
  return (
    `<${ns}${tag}>` +
    `<${ns}time value="${hl7Time(signer.signedAt.getTime())}"/>` +
    `<${ns}signatureCode code="S"/>` +
    `<${ns}assignedEntity>` +
    `<${ns}id root="${OID_ROOT}.4" extension="${signer.physicianId}"/>` +
    `<${ns}assignedPerson><${ns}name>${personName(signer.person, ns)}</${ns}name></${ns}assignedPerson>` +
    `</${ns}assignedEntity>` +
    `</${ns}${tag}>`
  );
}

/** Bytes that a Latin-1 reading keeps at their offsets and whose markup is ASCII (not UTF-16/32). */
function asciiCompatible(bytes: Buffer): boolean {
  const head = bytes.subarray(0, 4);
  if (head[0] === 0xfe || head[0] === 0xff) return false;
  return !head.includes(0);
}

/** Where a new child goes: before the first HL7 child that is none of `before` (the end tag if none). */
function insertionPoint(root: ScannedElement, before: Set<string>): number {
  const next = root.children.find((c) => c.ns === HL7_V3 && !before.has(c.local));
  return next ? next.start : root.closeStart;
}

/**
 * The stored CDA with Quill's signatures in its header (issue 43): the author's signature as
 * `legalAuthenticator` — replacing one the dictation system wrote, which is kept when Quill has no
 * author signature (docs/decisions/documents.md) — and each co-signature as an `authenticator`
 * after any already there, where the CDA R2 schema orders them. Every other byte is as stored: the
 * elements are written in ASCII (names as character references), with the prefix the document uses
 * for the HL7 namespace, each on a line of its own at the indentation of the element it precedes.
 * Bytes that are not an ASCII-compatible CDA (UTF-16, another root) come back as they are.
 */
export function signCdaHeader(stored: Buffer, signers: readonly CdaSigner[]): Buffer {
  if (!signers.length || !asciiCompatible(stored)) return stored;
  const xml = stored.toString('latin1');
  const root = scanXml(xml);
  if (root.ns !== HL7_V3 || root.local !== 'ClinicalDocument' || root.selfClosing) return stored;
  const colon = root.name.indexOf(':');
  const ns = colon > 0 ? `${root.name.slice(0, colon)}:` : '';
  const author = signers.find((s) => s.meaning === 'author');
  const coSigners = signers.filter((s) => s.meaning !== 'author');
  const existing = root.children.find((c) => c.ns === HL7_V3 && c.local === 'legalAuthenticator');
  const splices: { at: number; end: number; text: string }[] = [];
  // A line of its own, ended as the document ends its lines (CR LF or LF).
  const eol = /\r\n/.test(xml.slice(0, root.openEnd + 2)) ? '\r\n' : '\n';
  const line = (at: number, element: string) => ({
    at,
    end: at,
    text: `${element}${eol}${indentAt(xml, at)}`,
  });
  if (author && existing) {
    splices.push({
      at: existing.start,
      end: existing.end,
      text: signatureElement(author, 'legalAuthenticator', ns),
    });
  } else if (author) {
    const at = insertionPoint(root, new Set([...BEFORE_LEGAL, 'legalAuthenticator']));
    splices.push(line(at, signatureElement(author, 'legalAuthenticator', ns)));
  }
  const at = insertionPoint(root, new Set([...BEFORE_LEGAL, 'legalAuthenticator', 'authenticator']));
  for (const signer of coSigners) splices.push(line(at, signatureElement(signer, 'authenticator', ns)));
  // Applied from the end; two at one place keep their order (the legal authenticator first).
  let out = xml;
  for (const s of splices.map((s, i) => ({ ...s, i })).sort((a, b) => b.at - a.at || b.i - a.i))
    out = out.slice(0, s.at) + s.text + out.slice(s.end);
  return Buffer.from(out, 'latin1');
}
