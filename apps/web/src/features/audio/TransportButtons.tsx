import { ActionIcon, Tooltip } from '@mantine/core';
import type { AudioHold } from '@quill/core/rules/audio/audioKeys';
import { LIMITS } from '@quill/core/rules/settings/constants';
import type { MouseEvent, PointerEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { moveInToolbar } from '../../lib/toolbarKeys';
import classes from './AudioPlayer.module.css';
import { ForwardIcon, PauseIcon, PlayIcon, RewindIcon, StopIcon } from './icons';
import { shouldPlay } from './playerMachine';
import type { AudioPermissions, AudioPlayerControls } from './useAudioPlayer';

function Hint({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Tooltip label={label} openDelay={LIMITS.tooltipDelayMs} withArrow>
      {children}
    </Tooltip>
  );
}

/**
 * Rewind or forward: held down with the mouse (or a finger) it repeats like the keys do (rewind
 * every 120 ms, forward every 150 ms); a click from the keyboard (Enter, Space) is one step.
 */
function HoldButton({
  hold,
  label,
  hint,
  disabled,
  tabIndex,
  player,
  children,
}: {
  hold: Exclude<AudioHold, 'fastForward'>;
  label: string;
  hint: string;
  disabled: boolean;
  tabIndex: number | undefined;
  player: AudioPlayerControls;
  children: ReactNode;
}) {
  const start = (event: PointerEvent<HTMLButtonElement>) => {
    if (event.button !== 0) return;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    player.holdStart(hold);
  };
  const end = () => player.holdEnd(hold);
  const keyboardClick = (event: MouseEvent<HTMLButtonElement>) => {
    // detail 0: a click made by the keyboard, not by a pointer (which holds instead).
    if (event.detail !== 0) return;
    player.holdStart(hold);
    player.holdEnd(hold);
  };
  return (
    <Hint label={hint}>
      <ActionIcon
        variant="subtle"
        color="gray"
        size="lg"
        className={classes.transport}
        aria-label={label}
        disabled={disabled}
        tabIndex={tabIndex}
        onPointerDown={start}
        onPointerUp={end}
        onPointerCancel={end}
        onLostPointerCapture={end}
        onClick={keyboardClick}
      >
        {children}
      </ActionIcon>
    </Hint>
  );
}

/**
 * Rewind, play / pause, stop and forward, each enabled as the audio options say. One tab stop
 * (issue 39: the Shift+Tabs from the editor's text back to Save): Tab lands on Play / Pause, the
 * arrow keys reach the others; the keys of the hints work from anywhere.
 */
export function TransportButtons({
  player,
  permissions,
}: {
  player: AudioPlayerControls;
  permissions: AudioPermissions;
}) {
  const { t } = useTranslation();
  const playing = shouldPlay(player.model);
  // Without Play the others keep their own tab stops, so none is out of reach.
  const others = permissions.play ? -1 : undefined;
  return (
    <div
      className={classes.buttons}
      role="toolbar"
      aria-label={t('audio.player.transport')}
      onKeyDown={moveInToolbar}
    >
      <HoldButton
        hold="rewind"
        label={t('audio.player.rewind')}
        hint={t('audio.player.rewindHint')}
        disabled={!permissions.backwards}
        tabIndex={others}
        player={player}
      >
        <RewindIcon />
      </HoldButton>
      <Hint label={playing ? t('audio.player.pauseHint') : t('audio.player.playHint')}>
        <ActionIcon
          variant="filled"
          radius="xl"
          size={40}
          className={classes.playButton}
          aria-label={playing ? t('audio.player.pause') : t('audio.player.play')}
          disabled={!permissions.play}
          onClick={player.toggle}
          data-testid="audio-play"
        >
          {playing ? <PauseIcon size={20} /> : <PlayIcon size={20} />}
        </ActionIcon>
      </Hint>
      <Hint label={t('audio.player.stopHint')}>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          className={classes.transport}
          aria-label={t('audio.player.stop')}
          disabled={!permissions.stop}
          tabIndex={others}
          onClick={player.stop}
        >
          <StopIcon size={16} />
        </ActionIcon>
      </Hint>
      <HoldButton
        hold="forward"
        label={t('audio.player.forward')}
        hint={t('audio.player.forwardHint')}
        disabled={!permissions.forwards}
        tabIndex={others}
        player={player}
      >
        <ForwardIcon />
      </HoldButton>
    </div>
  );
}
