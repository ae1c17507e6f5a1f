import { useRouter } from '@tanstack/react-router';
import { useCallback } from 'react';
import { browserNavigation } from '../../lib/browserNavigation';
import { jobPath } from '../../lib/paths';

/**
 * Opens a job's view in Quill (spec 02; the page itself checks the account may see the job):
 * in place through the router, or — where there is no router (component tests) — by a page load.
 */
export function useOpenJob(): (jobId: number) => void {
  // Absent where a component is shown without the app's router.
  const router = useRouter({ warn: false }) as ReturnType<typeof useRouter> | null;
  return useCallback(
    (jobId: number) => {
      if (router) void router.navigate({ to: '/job/$id', params: { id: String(jobId) } });
      else browserNavigation.assign(jobPath(jobId));
    },
    [router],
  );
}
