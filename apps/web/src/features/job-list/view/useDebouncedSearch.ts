import { LIMITS } from '@quill/core/rules/settings/constants';
import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Spec 01 §5/§9: the search box's text, and the search applied 300 ms after the last keystroke.
 * `onApply` runs just before an applied search changes (e.g. to go back to the first page).
 */
export function useDebouncedSearch(onApply: () => void) {
  const [input, setInput] = useState('');
  const [applied, setApplied] = useState('');
  const onApplyRef = useRef(onApply);
  onApplyRef.current = onApply;

  useEffect(() => {
    if (input === applied) return;
    const timer = setTimeout(() => {
      onApplyRef.current();
      setApplied(input);
    }, LIMITS.searchDebounceMs);
    return () => clearTimeout(timer);
  }, [input, applied]);

  const clear = useCallback(() => {
    setInput('');
    setApplied('');
  }, []);

  return { input, setInput, applied, clear };
}
