import { createContext, type ReactNode, useContext } from 'react';
import { createPortal } from 'react-dom';

/** What the shell (RootLayout) offers the pages below it. */
export interface Shell {
  /** Where the top navigation goes: above <main>, outside the page's own layout. */
  headerSlot: HTMLElement | null;
  /** Where a page's own skip links go: right after "Skip to main content", before the navigation. */
  skipSlot: HTMLElement | null;
  /** The session has expired: the non-closable 'Your session has expired' modal is up. */
  sessionExpired: boolean;
  markSessionExpired: () => void;
}

export const ShellContext = createContext<Shell>({
  headerSlot: null,
  skipSlot: null,
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

/**
 * A skip link of the page (issue 39: the job table, the editor's toolbar), among the shell's skip
 * links at the top of the tab order. It moves the focus to the element with id `target`, which
 * takes it (tabIndex -1), so the next Tab goes on from there.
 */
export function ShellSkipLink({ target, children }: { target: string; children: ReactNode }) {
  const { skipSlot } = useShell();
  if (!skipSlot) return null;
  return createPortal(
    <a
      className="quill-skip-link"
      href={`#${target}`}
      onClick={(event) => {
        const element = document.getElementById(target);
        if (!element) return;
        event.preventDefault();
        element.focus();
      }}
    >
      {children}
    </a>,
    skipSlot,
  );
}
