import { DOCUMENT_LIMIT_DEFAULTS, type NarrativeLimitCrossed, type NarrativeLimitName } from '@quill/core';

/** Bounds on one document as it is read: sizes inflated, and the shape of its XML. */
export interface DocumentLimits {
  maxXmlBytes: number;
  maxPartBytes: number;
  maxInflatedBytes: number;
  maxParts: number;
  maxElements: number;
  maxAttributes: number;
  maxDepth: number;
}

/**
 * The most a CDA's non-XML body (an embedded text or PDF file, issue 40) may hold once decoded and
 * inflated (bytes): a larger body is not shown, and the rendering says so.
 */
export const EMBEDDED_BODY_MAX_BYTES = 16 * 1024 * 1024;

/** The most DOCUMENT_MAX_DEPTH may be set to (the renderers are tested this deep). */
export const MAX_DEPTH_SETTING = 1024;

/**
 * The DOCUMENT_* settings the bounds are read from: the server's Config has them (documents name
 * what they read rather than import the configuration, which imports MAX_DEPTH_SETTING from here).
 */
export type DocumentSettings = { readonly [S in (typeof LIMIT_SETTINGS)[DocumentLimitName]]: number };

/** The bounds as the DOCUMENT_* settings give them. */
export function documentLimitsOf(config: DocumentSettings): DocumentLimits {
  return {
    maxXmlBytes: config.DOCUMENT_MAX_XML_BYTES,
    maxPartBytes: config.DOCUMENT_MAX_PART_BYTES,
    maxInflatedBytes: config.DOCUMENT_MAX_INFLATED_BYTES,
    maxParts: config.DOCUMENT_MAX_PARTS,
    maxElements: config.DOCUMENT_MAX_ELEMENTS,
    maxAttributes: config.DOCUMENT_MAX_ATTRIBUTES,
    maxDepth: config.DOCUMENT_MAX_DEPTH,
  };
}

/** The defaults of the settings (tests, and readers called without a configuration). */
export const DEFAULT_DOCUMENT_LIMITS: DocumentLimits = {
  maxXmlBytes: DOCUMENT_LIMIT_DEFAULTS.maxXmlBytes,
  maxPartBytes: DOCUMENT_LIMIT_DEFAULTS.maxPartBytes,
  maxInflatedBytes: DOCUMENT_LIMIT_DEFAULTS.maxInflatedBytes,
  maxParts: DOCUMENT_LIMIT_DEFAULTS.maxParts,
  maxElements: DOCUMENT_LIMIT_DEFAULTS.maxElements,
  maxAttributes: DOCUMENT_LIMIT_DEFAULTS.maxAttributes,
  maxDepth: DOCUMENT_LIMIT_DEFAULTS.maxDepth,
};

/** Which bound a document crossed; `setting` is the configuration name that sets it. */
export type DocumentLimitName = keyof DocumentLimits;

export const LIMIT_SETTINGS = {
  maxXmlBytes: 'DOCUMENT_MAX_XML_BYTES',
  maxPartBytes: 'DOCUMENT_MAX_PART_BYTES',
  maxInflatedBytes: 'DOCUMENT_MAX_INFLATED_BYTES',
  maxParts: 'DOCUMENT_MAX_PARTS',
  maxElements: 'DOCUMENT_MAX_ELEMENTS',
  maxAttributes: 'DOCUMENT_MAX_ATTRIBUTES',
  maxDepth: 'DOCUMENT_MAX_DEPTH',
} as const satisfies Record<DocumentLimitName, string>;

const SIZE_LIMITS: ReadonlySet<DocumentLimitName> = new Set([
  'maxXmlBytes',
  'maxPartBytes',
  'maxInflatedBytes',
]);

/**
 * Thrown as soon as a document crosses one of its {@link DocumentLimits} (while inflating or
 * scanning, before the rest is read): `what` names the document or part, `limit` the bound.
 */
export class DocumentLimitError extends Error {
  constructor(
    readonly limit: DocumentLimitName,
    readonly max: number,
    readonly what: string,
  ) {
    super(`${what} is over the document limit ${LIMIT_SETTINGS[limit]} (${max})`);
    this.name = 'DocumentLimitError';
  }

  /** A size bound (413) rather than a structure bound (400). */
  get isSize(): boolean {
    return SIZE_LIMITS.has(this.limit);
  }

  get setting(): string {
    return LIMIT_SETTINGS[this.limit];
  }
}

/**
 * Thrown when a document holds markup no document may hold: a DOCTYPE (entity declarations: XXE,
 * billion laughs) or an unsafe part name (zip-slip). `markup` is what was found.
 */
export class ForbiddenMarkupError extends Error {
  constructor(
    readonly markup: string,
    readonly what: string,
  ) {
    super(`${what} contains ${markup}`);
    this.name = 'ForbiddenMarkupError';
  }
}

/**
 * Thrown when a CDA's narrative crosses one of core's NARRATIVE_LIMITS (issue 41: paragraph length,
 * paragraph count, section size): what the intake refuses, and what the editor and the renderings
 * refuse of a document stored before the intake did.
 */
export class NarrativeLimitError extends Error {
  readonly limit: NarrativeLimitName;
  readonly max: number;

  constructor(
    crossed: NarrativeLimitCrossed,
    readonly what: string,
  ) {
    super(`${what} is over the narrative limit ${crossed.limit} (${crossed.max})`);
    this.name = 'NarrativeLimitError';
    this.limit = crossed.limit;
    this.max = crossed.max;
  }
}
