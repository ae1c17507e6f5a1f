import { useMutation, useQueryClient } from '@tanstack/react-query';
import { showToast } from '../../../app/toasts';
import { type FacilityList, listKey } from './facilityListsApi';

/**
 * A change of one of a facility's lists: runs the call, and on success says so in a toast and
 * reloads the list. A refusal stays on the mutation (`error.message` is the API's message) for the
 * open form or confirmation to show.
 */
export function useListChange<V, R>(
  cfId: number,
  list: FacilityList,
  run: (vars: V) => Promise<R>,
  done: (result: R, vars: V) => string,
  onDone?: () => void,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: async (result, vars) => {
      showToast(done(result, vars), { kind: 'success' });
      onDone?.();
      await queryClient.invalidateQueries({ queryKey: listKey(cfId, list) });
    },
  });
}
