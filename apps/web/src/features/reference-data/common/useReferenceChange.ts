import { useMutation, useQueryClient } from '@tanstack/react-query';
import { showToast } from '../../../app/toasts';

/**
 * A change of one of the sections' lists: runs the call, then refetches the list under `key` and
 * says `done(answer)` in a toast. A refusal stays in `error` (the form shows the server's message);
 * `toastErrors` shows it as a toast instead (a switch or a delete has no form to show it in).
 */
export function useReferenceChange<In, Out>(
  key: readonly unknown[],
  call: (input: In) => Promise<Out>,
  done: (answer: Out, input: In) => string,
  opts: { onDone?: () => void; toastErrors?: boolean } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async (answer, input) => {
      showToast(done(answer, input), { kind: 'success' });
      opts.onDone?.();
      await queryClient.invalidateQueries({ queryKey: key });
    },
    onError: (err) => {
      if (opts.toastErrors) showToast(err.message, { kind: 'error' });
    },
  });
}
