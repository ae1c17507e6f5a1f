import { Button, Group, Modal, Progress, Stack, Text } from '@mantine/core';
import { LIMITS } from '@quill/core/rules/settings/constants';
import { useTranslation } from 'react-i18next';
import { NO_STYLE_SCROLL_LOCK } from './SessionExpiredModal';

/** Seconds as m:ss (1:05). */
export function formatCountdown(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

export interface SessionTimeoutModalProps {
  opened: boolean;
  remainingSeconds: number;
  /** Stay signed in (any activity does the same). */
  onStay: () => void;
}

/**
 * Spec 01 §4 "Session": the Session Timeout modal, shown at 120 seconds or fewer, with a progress
 * bar of the remaining time out of 240 seconds.
 */
export function SessionTimeoutModal({ opened, remainingSeconds, onStay }: SessionTimeoutModalProps) {
  const { t } = useTranslation();
  const percent = Math.round((Math.max(0, remainingSeconds) / LIMITS.sessionResetSeconds) * 100);
  const time = formatCountdown(remainingSeconds);
  return (
    <Modal
      opened={opened}
      onClose={onStay}
      title={t('session.timeoutTitle')}
      withCloseButton={false}
      centered
      size="md"
      zIndex={350}
      removeScrollProps={NO_STYLE_SCROLL_LOCK}
      overlayProps={{ backgroundOpacity: 0.45 }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
      data-testid="session-timeout-modal"
    >
      <Stack gap="md">
        <Text>{t('session.timeoutMessage', { time })}</Text>
        <Group gap="sm" wrap="nowrap" align="center">
          <Progress
            value={percent}
            color={remainingSeconds <= 30 ? 'red.8' : 'blue.8'}
            size="lg"
            radius="sm"
            style={{ flex: 1 }}
            aria-label={t('session.timeRemaining')}
            transitionDuration={0}
          />
          <Text fw={700} ff="monospace" aria-hidden="true" miw="3.5em" ta="right">
            {time}
          </Text>
        </Group>
        <Group justify="flex-end">
          <Button onClick={onStay} data-autofocus>
            {t('session.staySignedIn')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
