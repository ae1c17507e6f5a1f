import { isTaken, message } from '@quill/core';
import { conflict } from '../../../errors/domainErrors.js';
import type { SearchRow } from './adtSearchRows.js';

/** 409 when another search of the facility has `identifier` (ignoring case): a job asks for a search by it. */
export function checkIdentifierFree(identifier: string, others: readonly SearchRow[]): void {
  if (
    isTaken(
      identifier,
      others.map((s) => s.identifier),
    )
  )
    throw conflict(
      message('reference.adt.searches.identifierTaken', { identifier }),
      'search_identifier_taken',
    );
}
