import { XMLParser } from 'fast-xml-parser';

/** The WOPI client's addresses for Word documents, as its discovery document names them. */
export interface DocxActions {
  /** The `edit` action's urlsrc, or null when the client cannot edit .docx. */
  edit: string | null;
  /** The `view` action's urlsrc (else `embedview`, else the edit address: a view token makes it read-only). */
  view: string;
}

/** Thrown when a discovery document is not one, or offers nothing for .docx; `detail` says why. */
export class DiscoveryError extends Error {
  constructor(readonly detail: string) {
    super(`WOPI discovery: ${detail}`);
    this.name = 'DiscoveryError';
  }
}

interface Action {
  name?: string;
  ext?: string;
  urlsrc?: string;
}
interface NetZone {
  name?: string;
  app?: { action?: Action[] }[];
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  isArray: (name) => name === 'net-zone' || name === 'app' || name === 'action',
});

/** Zones in the order a browser-facing frame prefers them (then any other). */
const ZONE_ORDER = ['external-https', 'external-http', 'internal-https', 'internal-http'];

const isHttpUrl = (text: string) => /^https?:\/\/[^\s<>"]+$/i.test(text.replace(/<[^>]*>/g, ''));

/**
 * The .docx actions of a WOPI discovery document (Collabora Online, ONLYOFFICE Docs, Office Online
 * Server): per action name the urlsrc of the first zone that has one, zones taken in the order
 * external-https, external-http, internal…, then any. A document with a DOCTYPE is refused (no
 * entity expansion). Throws {@link DiscoveryError} when nothing for .docx is offered.
 */
export function parseDiscovery(xml: string): DocxActions {
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) throw new DiscoveryError('the document declares a DOCTYPE');
  let tree: { 'wopi-discovery'?: { 'net-zone'?: NetZone[] } };
  try {
    tree = parser.parse(xml) as typeof tree;
  } catch (err) {
    throw new DiscoveryError(`not well-formed XML (${(err as Error).message})`);
  }
  const zones = tree['wopi-discovery']?.['net-zone'];
  if (!zones) throw new DiscoveryError('no wopi-discovery with a net-zone');
  const rank = (z: NetZone) => {
    const i = ZONE_ORDER.indexOf(String(z.name ?? '').toLowerCase());
    return i < 0 ? ZONE_ORDER.length : i;
  };
  const found = new Map<string, string>();
  for (const zone of [...zones].sort((a, b) => rank(a) - rank(b))) {
    for (const app of zone.app ?? []) {
      for (const action of app.action ?? []) {
        const name = String(action.name ?? '').toLowerCase();
        const url = String(action.urlsrc ?? '');
        if (String(action.ext ?? '').toLowerCase() !== 'docx' || !isHttpUrl(url) || found.has(name)) continue;
        found.set(name, url);
      }
    }
  }
  const edit = found.get('edit') ?? null;
  const view = found.get('view') ?? found.get('embedview') ?? edit;
  if (!view) throw new DiscoveryError('no edit or view action for .docx');
  return { edit, view };
}

/**
 * A frame address from an action's urlsrc: its `<name=PLACEHOLDER&>` parts removed (Quill fills
 * none of them) and `WOPISrc=` appended, URL-encoded.
 */
export function actionUrl(urlsrc: string, wopiSrc: string): string {
  const base = urlsrc.replace(/<[^>]*>/g, '');
  const joiner = !base.includes('?') ? '?' : /[?&]$/.test(base) ? '' : '&';
  return `${base}${joiner}WOPISrc=${encodeURIComponent(wopiSrc)}`;
}
