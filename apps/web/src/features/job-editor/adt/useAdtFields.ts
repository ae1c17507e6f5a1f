import type { AdtItem } from '@quill/core/contract/adt/adt';
import { useCallback, useMemo, useState } from 'react';
import { type AdtGroups, adtGroups, withItemValue } from './adtDraft';

/** The field actions of a panel (or of one order in the Orders panel). */
export interface AdtFields {
  groups: AdtGroups;
  onValue: (key: string, text: string | null) => void;
  /** Add Field: the optional field shows under Additional. */
  onAdd: (key: string) => void;
  /** Remove: the field is emptied and goes back to Add Field. */
  onRemove: (key: string) => void;
  /** Forgets the added fields (Clear, Revert, a reload). */
  reset: () => void;
}

/**
 * Spec 02 §4 "ADT fields" for a list of items: which optional fields are shown (added, or edited
 * so that emptying one while typing keeps it in place) and the edits. `scope` keeps the fields of
 * several lists apart (the Orders panel's orders) in one hook.
 */
export function useAdtFields(
  items: readonly AdtItem[],
  onItems: (next: AdtItem[]) => void,
  scope = '',
): AdtFields {
  const [shown, setShown] = useState<ReadonlySet<string>>(() => new Set());
  const prefix = `${scope}|`;
  const groups = useMemo(() => {
    const mine = new Set([...shown].filter((k) => k.startsWith(prefix)).map((k) => k.slice(prefix.length)));
    return adtGroups(items, mine);
  }, [items, shown, prefix]);
  const mark = useCallback(
    (key: string, on: boolean) =>
      setShown((s) => {
        const k = prefix + key;
        if (s.has(k) === on) return s;
        const next = new Set(s);
        if (on) next.add(k);
        else next.delete(k);
        return next;
      }),
    [prefix],
  );
  const onValue = useCallback(
    (key: string, text: string | null) => {
      mark(key, true);
      onItems(withItemValue(items, key, text));
    },
    [mark, onItems, items],
  );
  const onAdd = useCallback((key: string) => mark(key, true), [mark]);
  const onRemove = useCallback(
    (key: string) => {
      mark(key, false);
      onItems(withItemValue(items, key, null));
    },
    [mark, onItems, items],
  );
  const reset = useCallback(() => setShown(new Set()), []);
  return { groups, onValue, onAdd, onRemove, reset };
}
