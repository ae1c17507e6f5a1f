import type { AdtSearchConfiguration, JobAdt } from '@quill/core/contract/adt';
import type { ComponentType } from 'react';

/** The props of the Search & Accept ADT modal (adt/search/, spec 02 §2 and §4). */
export interface AdtSearchModalProps {
  jobId: number;
  /** The job's client facility (searchadt's companyId). */
  companyId: number;
  /** The live booking (Accept ADT writes the job). */
  bookingCookie: string | null;
  searchConfiguration: AdtSearchConfiguration | null;
  open: boolean;
  onClose: () => void;
  /** Accept stored the chosen patient, visit and orders: the ADT it answered. */
  onAccepted: (adt: JobAdt) => void;
}

/**
 * The Search & Accept ADT modal the Patient & Visit panel opens, or null while this build has none
 * (Search then stays disabled with a tooltip rather than opening nothing).
 */
export function adtSearchModal(): ComponentType<AdtSearchModalProps> | null {
  return null;
}
