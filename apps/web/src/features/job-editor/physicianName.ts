import type { JobViewDetails } from '@quill/core/contract/job';

type JobPhysician = NonNullable<JobViewDetails['dictator']>;

/** A job physician as one line: prefix, first name, middle initial, last name, suffix. */
export function physicianName(p: JobPhysician | null | undefined): string {
  if (!p) return '';
  return [p.prefix, p.firstName, p.middleInitial, p.lastName, p.suffix]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
}

/** How a physician reads in a list: its name and, when it has one, its access code. */
export function physicianLabel(p: JobPhysician): string {
  const name = physicianName(p) || String(p.userId);
  return p.accessCode ? `${name} (${p.accessCode})` : name;
}
