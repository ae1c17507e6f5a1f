/** Keys this app keeps in the browser's sessionStorage (this tab only). */
export const SESSION_STORAGE_KEYS = {
  /** The account (memberId) this tab chose on Select User; re-selected silently on reload. */
  selectedMemberId: 'quill-member-id',
  /**
   * The jobs a user without a password was signing when they left to confirm who they are at the
   * identity provider (issue 43), signed when the page comes back.
   */
  signingAfterConfirm: 'quill-sign-after-confirm',
} as const;

type SessionKey = (typeof SESSION_STORAGE_KEYS)[keyof typeof SESSION_STORAGE_KEYS];

/** Reads a sessionStorage value; null when missing or when storage is unavailable (private modes). */
export function readSessionValue(key: SessionKey): string | null {
  try {
    return window.sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Writes (or, with null, removes) a sessionStorage value; a full or blocked storage is ignored. */
export function writeSessionValue(key: SessionKey, value: string | null): void {
  try {
    if (value === null) window.sessionStorage.removeItem(key);
    else window.sessionStorage.setItem(key, value);
  } catch {
    // Remembering is a convenience; the user is simply asked again.
  }
}
