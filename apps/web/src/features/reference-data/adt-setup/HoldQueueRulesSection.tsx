import type { SectionProps } from '../referenceApi';

/** TODO (issue 26): a helper builds this section. */
export function HoldQueueRulesSection(_props: SectionProps) {
  return null;
}
