/**
 * The SMART scopes of Quill's FHIR API (issue 44): read access, per resource type, for a system
 * (SMART Backend Services). v1 spells them `system/Type.read`, v2 `system/Type.rs`; a token says
 * the v1 spelling.
 */
export const FHIR_RESOURCE_TYPES = ['DocumentReference', 'Binary', 'Patient', 'Encounter'] as const;
export type FhirResourceType = (typeof FHIR_RESOURCE_TYPES)[number];

export const FHIR_SCOPES = FHIR_RESOURCE_TYPES.map((t) => `system/${t}.read`);

/** The scope that reads a resource type. */
export const readScope = (type: FhirResourceType) => `system/${type}.read`;

/** A scope as this server grants it (v1 spelling), the scopes a wildcard stands for, or null: unknown. */
export function normaliseScope(scope: string): string[] | null {
  const m = /^system\/(\*|[A-Za-z]+)\.(read|rs|r|s)$/.exec(scope);
  if (!m) return null;
  // v2 "r" (read) or "s" (search) alone grants a part of what this server serves as one read.
  if (m[2] !== 'read' && m[2] !== 'rs') return null;
  if (m[1] === '*') return [...FHIR_SCOPES];
  const type = FHIR_RESOURCE_TYPES.find((t) => t === m[1]);
  return type ? [readScope(type)] : null;
}

/** Splits a space-separated scope list; unknown ones are returned apart. */
export function parseScopes(text: string): { known: Set<string>; unknown: string[] } {
  const known = new Set<string>();
  const unknown: string[] = [];
  for (const s of text.split(/\s+/).filter(Boolean)) {
    const n = normaliseScope(s);
    if (n) for (const one of n) known.add(one);
    else unknown.push(s);
  }
  return { known, unknown };
}

/** What a token grants: the scopes asked for that the client is registered for (all of them when none asked). */
export function grantScopes(requested: string | undefined, registered: string): string[] {
  const mine = parseScopes(registered).known;
  if (!requested?.trim()) return [...mine];
  return [...parseScopes(requested).known].filter((s) => mine.has(s));
}
