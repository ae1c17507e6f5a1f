import { Button, Group, Modal, Text } from '@mantine/core';
import { useRouter } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { browserNavigation } from '../../lib/browserNavigation';
import { signInSchemeUrl } from '../../lib/paths';
import { useSignInScheme } from './useUnauthorizedHandler';

/** Mantine's scroll lock without the scrollbar-gap <style> element the strict CSP may refuse. */
export const NO_STYLE_SCROLL_LOCK = { removeScrollBar: false } as const;

/**
 * Spec 01 §2/§4: the non-closable 'Your session has expired' modal. Escape, the overlay and the
 * missing close button do nothing; the only way on is to sign in again, back to this page. Rendered
 * in place, not in the portal shared with other dialogs, which are hidden while the session is
 * expired (RootLayout).
 */
export function SessionExpiredModal({ opened }: { opened: boolean }) {
  const { t } = useTranslation();
  const router = useRouter();
  const scheme = useSignInScheme();
  const signInAgain = () => {
    const { pathname, searchStr } = router.state.location;
    browserNavigation.assign(signInSchemeUrl(scheme(), `${pathname}${searchStr}`));
  };
  return (
    <Modal
      opened={opened}
      onClose={() => {}}
      title={t('session.expiredTitle')}
      withCloseButton={false}
      closeOnEscape={false}
      closeOnClickOutside={false}
      centered
      size="md"
      zIndex={400}
      withinPortal={false}
      removeScrollProps={NO_STYLE_SCROLL_LOCK}
      overlayProps={{ backgroundOpacity: 0.55 }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
      data-testid="session-expired-modal"
    >
      <Text>{t('session.expiredMessage')}</Text>
      <Group justify="flex-end" mt="lg">
        <Button onClick={signInAgain} data-autofocus>
          {t('session.signInAgain')}
        </Button>
      </Group>
    </Modal>
  );
}
