import { type MessageKey, message } from '@quill/core/i18n/format';
import type { WordClientState } from './wordSession';

/** What the page says instead of the document when it cannot show it. */
export function problemText(state: WordClientState): string {
  if (state.problem === 'cannotOpen') return message('wordClient.cannotOpen', { detail: state.detail });
  return message(`wordClient.${state.problem ?? 'failed'}`);
}

/** The status line of an open document: what the person may do and how the last save went. */
function statusKey(state: WordClientState): MessageKey {
  if (state.save === 'saving') return 'wordClient.saving';
  if (state.save === 'saved') return 'wordClient.saved';
  if (state.save === 'savedEditingEnded') return 'wordClient.savedEditingEnded';
  if (state.save === 'unsaved') return 'wordClient.unsaved';
  return state.editable ? 'wordClient.editing' : 'wordClient.viewing';
}

/** The status line of an open document, or why its last save failed. */
export function statusText(state: WordClientState): string {
  if (state.save !== 'failed') return message(statusKey(state));
  const reason = state.saveProblem === 'conflict' ? 'lockLost' : (state.saveProblem ?? 'failed');
  return message('wordClient.saveFailed', { reason: message(`wordClient.${reason}`) });
}
