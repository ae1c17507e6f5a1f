import { createContext, type ReactNode, useContext } from 'react';
import { createPortal } from 'react-dom';

/** What the shell (RootLayout) offers the pages below it. */
export interface Shell {
  /** Where the top navigation goes: above <main>, outside the page's own layout. */
  headerSlot: HTMLElement | null;
  /** The session has expired: the non-closable 'Your session has expired' modal is up. */
  sessionExpired: boolean;
  markSessionExpired: () => void;
}

export const ShellContext = createContext<Shell>({
  headerSlot: null,
  sessionExpired: false,
  markSessionExpired: () => {},
});

/** The shell around the current page. */
export function useShell(): Shell {
  return useContext(ShellContext);
}

/**
 * Renders its children into the shell's header slot. A portal keeps the children in the caller's
 * React tree, so the navigation can read the session of the authenticated layout that renders it.
 */
export function ShellHeader({ children }: { children: ReactNode }) {
  const { headerSlot } = useShell();
  return headerSlot ? createPortal(children, headerSlot) : null;
}
