import { useEffect, useRef, useState } from 'react';

/**
 * Moves the focus after the next render to an element of the panel (a CSS selector): the field
 * just added, or Add Field when the field beside the focus was removed (keyboard use, spec 02 §2).
 */
export function useFocusField() {
  const container = useRef<HTMLDivElement>(null);
  const [target, setTarget] = useState<string | null>(null);
  useEffect(() => {
    if (!target) return;
    container.current?.querySelector<HTMLElement>(target)?.focus();
    setTarget(null);
  }, [target]);
  return { container, later: setTarget };
}

/** The selector of an ADT field's input. */
export const fieldSelector = (key: string) => `[data-adt-key="${key}"]`;
/** The selector of a panel's Add Field (Add Item) button. */
export const ADD_FIELD_SELECTOR = '[data-add-field]';
