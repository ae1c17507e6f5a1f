import type { ToSignRow } from '@quill/core/contract/signing';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { signingKeys } from './signingApi';

/**
 * After a signature or a return: the jobs leave the queue at once (its cached answer loses them
 * and its count drops), then the queue and the ticker are read again (a read under way is
 * cancelled first: it may hold the jobs as they were).
 */
export function useSigningDone(): (jobIds: readonly number[]) => void {
  const client = useQueryClient();
  return useCallback(
    (jobIds) => {
      const gone = new Set(jobIds);
      client.setQueryData<{ rows: ToSignRow[]; count: number }>(signingKeys.queue, (old) =>
        old
          ? {
              rows: old.rows.filter((r) => !gone.has(r.jobId)),
              count: Math.max(0, old.count - old.rows.filter((r) => gone.has(r.jobId)).length),
            }
          : old,
      );
      client.setQueryData<{ count: number }>(signingKeys.count, (old) =>
        old ? { count: Math.max(0, old.count - gone.size) } : old,
      );
      // A read still under way may have been answered before the signature (a page that signs as
      // it opens, back from the identity provider): it is cancelled, not joined, and read anew.
      void client
        .cancelQueries({ queryKey: signingKeys.all })
        .then(() => client.invalidateQueries({ queryKey: signingKeys.all }));
    },
    [client],
  );
}
