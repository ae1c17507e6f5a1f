import { useState } from 'react';
import { useReferenceChange } from './useReferenceChange';

/**
 * A section's Delete of a row: `ask(row)` opens the dialog asking before it (spread `dialog` into
 * a ConfirmDeleteModal); Delete there runs `call`, says `done(row)` in a toast and reloads the list
 * under `key`; a refusal (the row is in use) stays in the dialog.
 */
export function useDeleteRow<Row>(
  key: readonly unknown[],
  call: (row: Row) => Promise<unknown>,
  done: (row: Row) => string,
) {
  const [deleting, setDeleting] = useState<Row | null>(null);
  const remove = useReferenceChange(key, call, (_, row) => done(row), { onDone: () => setDeleting(null) });
  return {
    /** The row asked about; null while the dialog is closed. */
    deleting,
    ask: (row: Row) => {
      remove.reset();
      setDeleting(row);
    },
    dialog: {
      opened: deleting !== null,
      busy: remove.isPending,
      error: remove.error?.message ?? null,
      onConfirm: () => deleting && remove.mutate(deleting),
      onClose: () => setDeleting(null),
    },
  };
}
