import { message } from '@quill/core';
import { invalid } from '../../errors/domainErrors.js';

/** A resource id Quill serves: a database id (1 to 2³¹−1), optionally as "Type/id" for a reference. */
export function recordId(text: string, type?: string): number {
  const bare = type && text.startsWith(`${type}/`) ? text.slice(type.length + 1) : text;
  const n = /^\d{1,10}$/.test(bare) ? Number(bare) : 0;
  if (n < 1 || n > 2_147_483_647) throw invalid(message('fhir.badId', { id: text.slice(0, 70) }));
  return n;
}
