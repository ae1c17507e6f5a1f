import type { QueueName } from '@quill/core/rules/settings/constants';

/** react-query keys of the job list's calls. */
export const jobListKeys = {
  all: ['jobList'] as const,
  corporateStructures: () => ['jobList', 'corporateStructures'] as const,
  facilities: (cs: string) => ['jobList', 'facilities', cs] as const,
  counts: (cs: string, facilities: readonly number[] | undefined) =>
    ['jobList', 'counts', cs, facilities?.join(',') ?? ''] as const,
  rows: (cs: string, queue: QueueName, facilities: readonly number[] | undefined) =>
    ['jobList', 'rows', cs, queue, facilities?.join(',') ?? ''] as const,
  details: (jobId: number) => ['jobList', 'details', jobId] as const,
};
