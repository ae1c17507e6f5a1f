import { useQuery } from '@tanstack/react-query';
import { useSession } from '../../app/session/SessionContext';
import { fetchToSignCount, signingKeys } from './signingApi';
import { useSigns } from './useSigns';

/**
 * The To sign ticker's count, refreshed like the queue counts (every jobCountUpdateIntervalSeconds,
 * at least 30 s); not asked for by an account that does not sign.
 */
export function useToSignCount() {
  const signs = useSigns();
  const { applicationSettings } = useSession();
  return useQuery({
    queryKey: signingKeys.count,
    queryFn: ({ signal }) => fetchToSignCount(signal),
    enabled: signs,
    staleTime: 0,
    retry: false,
    refetchInterval: Math.max(30, applicationSettings.jobCountUpdateIntervalSeconds) * 1000,
    refetchIntervalInBackground: true,
  });
}
