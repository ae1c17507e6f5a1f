import type { SectionProps } from '../referenceApi';

/** TODO (issue 26): a helper builds this section. */
export function PhysiciansSection(_props: SectionProps) {
  return null;
}
