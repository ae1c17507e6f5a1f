import {
  ActionIcon,
  Button,
  Kbd,
  Menu,
  Popover,
  SegmentedControl,
  Slider,
  Stack,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { AUTO_REWIND_CHOICES_MS, PLAYBACK_SPEEDS } from '@quill/core/rules/audio/audioPlayback';
import { LIMITS } from '@quill/core/rules/settings/constants';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../app/toasts';
import classes from './AudioPlayer.module.css';
import { useFootPedal } from './footPedal';
import { PedalIcon, SettingsIcon, VolumeIcon } from './icons';
import type { AudioPlayerControls } from './useAudioPlayer';

/** Playback speed, 0.5× to 2×, remembered (beyond the spec). */
export function SpeedMenu({ player }: { player: AudioPlayerControls }) {
  const { t } = useTranslation();
  /** 1.5 → "1.5×". */
  const speedText = (speed: number): string => t('audio.player.speedValue', { speed: String(speed) });
  const current = speedText(player.prefs.speed);
  return (
    <Menu position="top" withinPortal shadow="md" width={150}>
      <Menu.Target>
        <Tooltip label={t('audio.player.speed')} openDelay={LIMITS.tooltipDelayMs} withArrow>
          <Button
            variant="default"
            size="compact-sm"
            className={classes.speed}
            aria-label={`${t('audio.player.speed')}: ${current}`}
            data-testid="audio-speed"
          >
            {current}
          </Button>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('audio.player.speed')}</Menu.Label>
        <Menu.RadioGroup value={String(player.prefs.speed)} onChange={(v) => player.setSpeed(Number(v))}>
          {PLAYBACK_SPEEDS.map((s) => (
            <Menu.RadioItem key={s} value={String(s)} closeMenuOnClick>
              {speedText(s)}
            </Menu.RadioItem>
          ))}
        </Menu.RadioGroup>
      </Menu.Dropdown>
    </Menu>
  );
}

/** Volume 0–1 in steps of 0.01 (spec 01 §9), remembered under `vol`. */
export function VolumeControl({ player, disabled }: { player: AudioPlayerControls; disabled: boolean }) {
  const { t } = useTranslation();
  const volume = player.prefs.volume;
  return (
    <Tooltip label={t('audio.player.volumeHint')} openDelay={LIMITS.tooltipDelayMs} withArrow>
      <div className={classes.volume}>
        <VolumeIcon level={volume} className={classes.volumeIcon} />
        <Slider
          className={classes.volumeSlider}
          min={0}
          max={1}
          step={0.01}
          size="sm"
          value={volume}
          onChange={player.setVolume}
          disabled={disabled}
          label={(v) => `${Math.round(v * 100)}%`}
          thumbLabel={t('audio.player.volume')}
          data-testid="audio-volume"
        />
      </div>
    </Tooltip>
  );
}

/**
 * Connect a WebHID foot pedal (beyond the spec) — or, without WebHID, say that pedals sending the
 * F13–F16 keys work anyway.
 */
export function PedalButton() {
  const { t } = useTranslation();
  const pedal = useFootPedal();
  const hintId = useId();
  if (!pedal.supported) {
    return (
      <Tooltip
        label={t('audio.player.pedalUnsupported')}
        openDelay={LIMITS.tooltipDelayMs}
        withArrow
        multiline
        w={300}
      >
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          aria-label={t('audio.player.pedalConnect')}
          aria-describedby={hintId}
          aria-disabled="true"
          data-disabled
          onClick={(e) => e.preventDefault()}
        >
          <PedalIcon />
          <VisuallyHidden id={hintId}>{t('audio.player.pedalUnsupported')}</VisuallyHidden>
        </ActionIcon>
      </Tooltip>
    );
  }
  const connect = () =>
    pedal.connect().catch((error: unknown) => {
      // The user closing the browser's chooser is not a failure.
      if (error instanceof DOMException && error.name === 'NotFoundError') return;
      showToast(t('audio.player.pedalFailed'), { kind: 'error', id: 'pedal-failed' });
    });
  const name = pedal.connected;
  return (
    <Tooltip
      label={name ? t('audio.player.pedalConnected', { name }) : t('audio.player.pedalConnectHint')}
      openDelay={LIMITS.tooltipDelayMs}
      withArrow
      multiline
      w={300}
    >
      <ActionIcon
        variant={name ? 'light' : 'subtle'}
        color={name ? 'green' : 'gray'}
        size="lg"
        aria-label={name ? t('audio.player.pedalDisconnect', { name }) : t('audio.player.pedalConnect')}
        aria-pressed={name ? true : undefined}
        onClick={() => void (name ? pedal.disconnect() : connect())}
        data-testid="audio-pedal"
      >
        <PedalIcon />
      </ActionIcon>
    </Tooltip>
  );
}

const KEYS: {
  keys: string[];
  label:
    | 'keyRewind'
    | 'keyPlay'
    | 'keyFastForward'
    | 'keyPause'
    | 'keyToggle'
    | 'keySkip'
    | 'keyVolume'
    | 'keySeek';
}[] = [
  { keys: ['F13'], label: 'keyRewind' },
  { keys: ['F14'], label: 'keyPlay' },
  { keys: ['F15'], label: 'keyFastForward' },
  { keys: ['F16'], label: 'keyPause' },
  { keys: ['Ctrl', 'Alt', 'Space'], label: 'keyToggle' },
  { keys: ['Ctrl', 'Alt', '←/→'], label: 'keySkip' },
  { keys: ['Ctrl', '↓/↑'], label: 'keyVolume' },
  { keys: ['←/→'], label: 'keySeek' },
];

/** Auto-rewind on resume (beyond the spec) and the list of keys. */
export function SettingsPopover({ player }: { player: AudioPlayerControls }) {
  const { t } = useTranslation();
  const helpId = useId();
  return (
    <Popover position="top-end" withinPortal shadow="md" width={340} trapFocus withArrow>
      <Popover.Target>
        <Tooltip label={t('audio.player.settings')} openDelay={LIMITS.tooltipDelayMs} withArrow>
          <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t('audio.player.settings')}>
            <SettingsIcon />
          </ActionIcon>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="md">
          <div>
            <Text size="sm" fw={600} id={`${helpId}-label`}>
              {t('audio.player.autoRewind')}
            </Text>
            <Text size="xs" c="dimmed" id={helpId} mb={6}>
              {t('audio.player.autoRewindHelp')}
            </Text>
            <SegmentedControl
              fullWidth
              size="xs"
              aria-labelledby={`${helpId}-label`}
              aria-describedby={helpId}
              value={String(player.prefs.autoRewindMs)}
              onChange={(v) => player.setAutoRewind(Number(v))}
              data={AUTO_REWIND_CHOICES_MS.map((ms) => ({
                value: String(ms),
                label:
                  ms === 0
                    ? t('audio.player.autoRewindOff')
                    : t('audio.player.autoRewindSeconds', { seconds: String(ms / 1000) }),
              }))}
            />
          </div>
          <div>
            <Text size="sm" fw={600} mb={4}>
              {t('audio.player.shortcuts')}
            </Text>
            <table className={classes.keys}>
              <tbody>
                {KEYS.map((k) => (
                  <tr key={k.label}>
                    <td>
                      {k.keys.map((key, i) => (
                        <span key={key}>
                          {i > 0 && ' + '}
                          <Kbd size="xs">{key}</Kbd>
                        </span>
                      ))}
                    </td>
                    <td>{t(`audio.player.${k.label}`)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
