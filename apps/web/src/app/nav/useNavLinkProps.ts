import { legacyUrl, type NavTarget } from '@quill/core/rules/settings/navigation';
import { useNavigate } from '@tanstack/react-router';
import type { MouseEvent } from 'react';
import { isPlainClick } from '../../lib/browserNavigation';
import { useSession } from '../session/SessionContext';

/** The props of an <a> for a navigation target (documentation is the Help button's own). */
export interface NavAnchorProps {
  href: string;
  target?: '_blank';
  rel?: string;
  onClick?: (event: MouseEvent<HTMLAnchorElement>) => void;
  /** The link opens a new window (legacy pages); the label says so to screen readers. */
  newWindow: boolean;
}

/**
 * Spec 01 §2: legacy pages open in a new window, by path, on the legacy host (`fftmBaseUrl`),
 * without access back to this window; app routes navigate in place. Real links, so they can also be
 * opened in a tab or copied. Sign Out is a button (a POST), not a link: NavMenu renders it.
 */
export function useNavLinkProps(): (
  target: Exclude<NavTarget, { kind: 'documentation' } | { kind: 'signOut' }>,
) => NavAnchorProps {
  const { userSettings } = useSession();
  const navigate = useNavigate();
  return (target) => {
    switch (target.kind) {
      case 'legacy':
        return {
          href: legacyUrl(userSettings.fftmBaseUrl, target.path),
          target: '_blank',
          rel: 'noopener noreferrer',
          newWindow: true,
        };
      case 'route':
        return {
          href: target.path,
          newWindow: false,
          onClick: (event) => {
            if (!isPlainClick(event)) return;
            event.preventDefault();
            void navigate({ href: target.path });
          },
        };
    }
  };
}
