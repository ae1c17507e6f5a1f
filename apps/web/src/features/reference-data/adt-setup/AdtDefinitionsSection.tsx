import type { SectionProps } from '../referenceApi';

/** TODO (issue 26): a helper builds this section. */
export function AdtDefinitionsSection(_props: SectionProps) {
  return null;
}
