import type { SaveModeName } from '@quill/core/rules/jobEditor/saveOptions';
import { useEffect, useRef } from 'react';

/** Ctrl+S (⌘S on a Mac) is "Save only": the job is saved and stays where it is. */
const SHORTCUT_MODE: SaveModeName = 'saveOnly';

/**
 * Ctrl+S saves while the job is being edited (issue 39), as the Save menu's "Save only" does; it
 * never opens the browser's "Save page" dialog over the editor. When saving is not possible now
 * (disabled, or "Save only" is not offered for this job) the keys do nothing.
 */
export function useSaveShortcut(
  editing: boolean,
  canSave: boolean,
  modes: readonly SaveModeName[],
  onSave: (mode: SaveModeName) => void,
): void {
  const latest = useRef({ canSave, modes, onSave });
  latest.current = { canSave, modes, onSave };
  useEffect(() => {
    if (!editing) return;
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || event.key.toLowerCase() !== 's') return;
      event.preventDefault();
      const now = latest.current;
      if (now.canSave && now.modes.includes(SHORTCUT_MODE) && !event.repeat) now.onSave(SHORTCUT_MODE);
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [editing]);
}
