import { useTranslation } from 'react-i18next';
import { browserNavigation } from '../../lib/browserNavigation';
import { fetchDocumentationLink } from '../session/accountApi';
import { isSessionLost } from '../session/sessionErrors';
import { showToast } from '../toasts';

/**
 * Spec 01 §2/§8: Help fetches the documentation link from the server and opens it in a new window;
 * a failure shows 'An unknown error occurred attempting to open documentation, please try again later.'
 */
export function useOpenDocumentation(): () => Promise<void> {
  const { t } = useTranslation();
  return async () => {
    try {
      const url = await fetchDocumentationLink();
      browserNavigation.openInNewWindow(url);
    } catch (error) {
      // A lost session has its own answer (sign-in, expired modal); a toast would only add noise.
      if (isSessionLost(error)) return;
      showToast(t('nav.documentationFailed'), { kind: 'error', id: 'documentation-failed' });
    }
  };
}
