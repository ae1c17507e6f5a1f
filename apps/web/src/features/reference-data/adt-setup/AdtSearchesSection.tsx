import type { SectionProps } from '../referenceApi';

/** TODO (issue 26): a helper builds this section. */
export function AdtSearchesSection(_props: SectionProps) {
  return null;
}
