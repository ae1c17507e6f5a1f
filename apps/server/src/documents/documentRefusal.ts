import { message } from '@quill/core';
import { type DomainError, invalid, tooLarge, unprocessable } from '../errors/domainErrors.js';
import { XmlSyntaxError } from './cda/xmlTree.js';
import { DocumentLimitError, ForbiddenMarkupError, NarrativeLimitError } from './limits.js';
import { DocumentMemoryError, DocumentTimeoutError } from './pool/poolErrors.js';

const UNITS = {
  maxElements: 'elements',
  maxAttributes: 'attributes',
  maxDepth: 'depth',
  maxParts: 'parts',
} as const;

/**
 * The refusal a caller sees when a document crossed one of its bounds, or null for any other
 * error: a size bound 413, a structure bound or forbidden markup (DOCTYPE, unsafe part name) 400,
 * a job past its time 422, one past its thread's memory 413, a narrative past core's
 * NARRATIVE_LIMITS 413 (issue 41) — each message naming the limit.
 */
export function documentRefusal(err: unknown): DomainError | null {
  if (err instanceof DocumentLimitError) {
    const params = { what: err.what, max: err.max, setting: err.setting };
    if (err.isSize) return tooLarge(message('documents.limits.tooLarge', params), 'document_too_large');
    const unit = message(`documents.limits.units.${UNITS[err.limit as keyof typeof UNITS]}`);
    return invalid(message('documents.limits.tooComplex', { ...params, unit }), 'document_too_complex');
  }
  if (err instanceof NarrativeLimitError)
    return tooLarge(
      message(`documents.limits.narrative.${err.limit}`, { what: err.what, max: err.max }),
      'document_too_large',
    );
  if (err instanceof ForbiddenMarkupError)
    return invalid(
      message('documents.limits.forbiddenMarkup', { what: err.what, markup: err.markup }),
      'document_forbidden_markup',
    );
  if (err instanceof DocumentTimeoutError)
    return unprocessable(
      message('documents.limits.timedOut', { seconds: err.seconds, setting: 'DOCUMENT_JOB_TIMEOUT_SECONDS' }),
      'document_timed_out',
    );
  if (err instanceof DocumentMemoryError)
    return tooLarge(
      message('documents.limits.outOfMemory', { max: err.megabytes, setting: 'DOCUMENT_WORKER_MEMORY_MB' }),
      'document_too_large',
    );
  return null;
}

/**
 * The refusal of an imported file that is not readable XML, in a sentence a clerk understands, or
 * null for any other error: a file cut off part way, an HTML page, an encoding no reader knows,
 * bytes not valid in their encoding, or other broken markup with the line and column it breaks at.
 */
export function xmlRefusal(err: unknown): DomainError | null {
  if (!(err instanceof XmlSyntaxError)) return null;
  const where = { line: err.line ?? 1, column: err.column ?? 1 };
  switch (err.reason) {
    case 'truncated':
      return invalid(message('documents.import.truncated', where), 'document_truncated');
    case 'html':
      return invalid(message('documents.import.htmlPage'), 'document_html');
    case 'encoding':
      return invalid(
        message('documents.import.unknownEncoding', { encoding: err.encoding ?? '' }),
        'document_encoding',
      );
    case 'badText':
      return invalid(
        message('documents.import.badText', { encoding: err.encoding ?? '' }),
        'document_encoding',
      );
    default:
      if (err.line === null) return null;
      return invalid(
        message('documents.import.malformed', { ...where, detail: err.detail.replace(/ \(line \d+\)$/, '') }),
        'document_malformed',
      );
  }
}
