import { enUS } from '@quill/core/i18n/enUS';
import { heldDistanceMs } from '@quill/core/rules/audio/audioKeys';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../app/testing/fakeApi';
import { AudioPlayer } from './AudioPlayer';
import { resetAudioPrefsCache } from './audioPrefs';
import { forgetPositions } from './audioResume';
import { type FakeMedia, installFakeMedia } from './testing/fakeMedia';
import { audioOptions, renderWithProviders } from './testing/renderPlayer';

let media: FakeMedia;

function audio(): HTMLAudioElement {
  return screen.getByTestId('audio-element') as HTMLAudioElement;
}

function state(): string {
  return screen.getByTestId('audio-state').textContent ?? '';
}

/** A text field and an editor, as the job editor has, with listeners that see what reaches them. */
function Editors({ onKey }: { onKey: (e: string) => void }) {
  return (
    <>
      <textarea aria-label="Notes" onKeyDown={(e) => onKey(`textarea ${e.key}`)} />
      {/* biome-ignore lint/a11y/useSemanticElements: a contenteditable stands in for the Tiptap editor */}
      <div
        role="textbox"
        aria-label="Document"
        tabIndex={0}
        contentEditable
        suppressContentEditableWarning
        onKeyDown={(e) => onKey(`editor ${e.key}`)}
      />
    </>
  );
}

beforeEach(() => {
  window.localStorage.clear();
  resetAudioPrefsCache();
  forgetPositions();
  media = installFakeMedia();
});

afterEach(() => {
  // Unmount while playback is still faked (the players pause on the way out).
  cleanup();
  media.restore();
  vi.useRealTimers();
});

describe('AudioPlayer', () => {
  it('plays the opus rendition when the browser can, with the buttons, the bar and the state', () => {
    renderWithProviders(<AudioPlayer options={audioOptions()} />);
    expect(audio().getAttribute('src')).toBe('/api/Audio/opus?jobId=12');
    expect(screen.getByRole('group', { name: 'Audio player' })).toBeTruthy();
    for (const name of ['Rewind', 'Play', 'Stop', 'Forward'])
      expect(screen.getByRole('button', { name })).toBeTruthy();
    expect(screen.getByRole('slider', { name: 'Position' }).getAttribute('aria-valuetext')).toBe(
      '0:00 of 0:40',
    );
    expect(state()).toBe('Stopped');
  });

  it('falls back to wav, and says it cannot play when the browser plays neither', () => {
    media.restore();
    media = installFakeMedia({ canPlay: ['audio/wav'] });
    const { unmount } = renderWithProviders(<AudioPlayer options={audioOptions()} />);
    expect(audio().getAttribute('src')).toBe('/api/Audio/wav?jobId=12');
    unmount();
    media.restore();
    media = installFakeMedia({ canPlay: [] });
    renderWithProviders(<AudioPlayer options={audioOptions()} />);
    expect(screen.getByRole('alert').textContent).toBe(enUS.audio.cannotPlay);
    expect(screen.queryByTestId('audio-element')).toBeNull();
  });

  it('says so when the job has no audio', () => {
    renderWithProviders(
      <AudioPlayer
        options={audioOptions({ audioURL: null, audioFormat: null, hasOpus: false, hasWav: false })}
      />,
    );
    expect(screen.getByText(enUS.audio.noAudio)).toBeTruthy();
  });

  it("shows 'Cannot play audio' when the element fails to play the recording", () => {
    renderWithProviders(<AudioPlayer options={audioOptions()} />);
    act(() => {
      audio().dispatchEvent(new Event('error'));
    });
    expect(screen.getByRole('alert').textContent).toBe(enUS.audio.cannotPlay);
  });

  it('play, pause and stop', () => {
    renderWithProviders(<AudioPlayer options={audioOptions()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Play' }));
    expect(media.play).toHaveBeenCalledTimes(1);
    expect(audio().paused).toBe(false);
    expect(state()).toBe('Playing');
    fireEvent.click(screen.getByRole('button', { name: 'Pause' }));
    expect(audio().paused).toBe(true);
    expect(state()).toBe('Paused');
    act(() => media.advance(audio(), 12));
    fireEvent.click(screen.getByRole('button', { name: 'Stop' }));
    expect(audio().currentTime).toBe(0);
    expect(state()).toBe('Stopped');
  });

  it('reports its first playback to the audit trail, not its loading nor a second play (issue 39)', async () => {
    const api = fakeApi({ 'POST /api/job/audioplayed': { success: true } });
    renderWithProviders(<AudioPlayer options={audioOptions()} />);
    expect(api.called()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Play' }));
    await waitFor(() => expect(api.called()).toEqual(['POST /api/job/audioplayed']));
    expect(api.calls[0]!.url).toContain('jobId=12');
    fireEvent.click(screen.getByRole('button', { name: 'Pause' }));
    fireEvent.click(screen.getByRole('button', { name: 'Play' }));
    await new Promise((r) => setTimeout(r, 20));
    expect(api.called()).toEqual(['POST /api/job/audioplayed']);
  });

  it('stays paused when the play event of a quick play-then-pause arrives late, as browsers queue it', () => {
    renderWithProviders(<AudioPlayer options={audioOptions()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Play' }));
    fireEvent.click(screen.getByRole('button', { name: 'Pause' }));
    expect(state()).toBe('Paused');
    // A browser fires play/pause events as queued tasks: the play event comes after pause().
    act(() => {
      audio().dispatchEvent(new Event('play'));
    });
    expect(audio().paused).toBe(true);
    expect(state()).toBe('Paused');
    // The same for a late pause event while playing again.
    fireEvent.click(screen.getByRole('button', { name: 'Play' }));
    act(() => {
      audio().dispatchEvent(new Event('pause'));
    });
    expect(audio().paused).toBe(false);
    expect(state()).toBe('Playing');
  });

  it('shows buffering while the element waits for data', () => {
    renderWithProviders(<AudioPlayer options={audioOptions()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Play' }));
    act(() => media.starve(audio()));
    expect(state()).toBe('Buffering…');
    act(() => {
      audio().dispatchEvent(new Event('playing'));
    });
    expect(state()).toBe('Playing');
  });

  it('enables only the buttons the audio options allow', () => {
    renderWithProviders(
      <AudioPlayer options={audioOptions({ backwards: false, forwards: false, stop: false, seek: false })} />,
    );
    expect((screen.getByRole('button', { name: 'Rewind' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Forward' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Stop' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Play' }) as HTMLButtonElement).disabled).toBe(false);
    expect(screen.getByRole('slider', { name: 'Position' }).getAttribute('aria-disabled')).toBe('true');
    // The keys obey the same flags.
    act(() => media.advance(audio(), 10));
    fireEvent.keyDown(document.body, { key: 'F13' });
    fireEvent.keyUp(document.body, { key: 'F13' });
    expect(audio().currentTime).toBe(10);
  });

  it('a player rebuilt for the same recording (Transcribe, a save) goes on where the last one was', () => {
    const first = renderWithProviders(<AudioPlayer options={audioOptions()} />);
    act(() => media.advance(audio(), 12));
    first.unmount();
    renderWithProviders(<AudioPlayer options={audioOptions()} />);
    expect(audio().currentTime).toBe(0);
    fireEvent(audio(), new Event('loadedmetadata'));
    expect(audio().currentTime).toBe(12);
    expect(screen.getByRole('slider', { name: 'Position' }).getAttribute('aria-valuetext')).toBe(
      '0:12 of 0:40',
    );
  });

  it('the position bar seeks 1 s with the arrow keys, and to the end with End', () => {
    renderWithProviders(<AudioPlayer options={audioOptions()} />);
    const bar = screen.getByRole('slider', { name: 'Position' });
    fireEvent.keyDown(bar, { key: 'ArrowRight' });
    fireEvent.keyDown(bar, { key: 'ArrowRight' });
    expect(audio().currentTime).toBe(2);
    fireEvent.keyDown(bar, { key: 'ArrowLeft' });
    expect(audio().currentTime).toBe(1);
    expect(bar.getAttribute('aria-valuetext')).toBe('0:01 of 0:40');
    fireEvent.keyDown(bar, { key: 'End' });
    expect(audio().currentTime).toBe(40);
  });

  it('auto-rewinds 1 s on resume where it paused, not after the position was moved', () => {
    renderWithProviders(<AudioPlayer options={audioOptions()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Play' }));
    act(() => media.advance(audio(), 10));
    fireEvent.click(screen.getByRole('button', { name: 'Pause' }));
    fireEvent.click(screen.getByRole('button', { name: 'Play' }));
    expect(audio().currentTime).toBe(9);
    fireEvent.click(screen.getByRole('button', { name: 'Pause' }));
    fireEvent.keyDown(screen.getByRole('slider', { name: 'Position' }), { key: 'ArrowRight' });
    fireEvent.click(screen.getByRole('button', { name: 'Play' }));
    expect(audio().currentTime).toBe(10);
  });
});

describe('AudioPlayer keys (spec 01 §9, spec 02 §9)', () => {
  it('act while an editor or a text field has focus, and never reach it', () => {
    const seen: string[] = [];
    renderWithProviders(
      <>
        <Editors onKey={(k) => seen.push(k)} />
        <AudioPlayer options={audioOptions()} />
      </>,
    );
    const editor = screen.getByRole('textbox', { name: 'Document' });
    const notes = screen.getByRole('textbox', { name: 'Notes' });
    editor.focus();

    // F14 plays (keydown); the editor never sees it.
    expect(fireEvent.keyDown(editor, { key: 'F14' })).toBe(false);
    expect(audio().paused).toBe(false);
    // F16 pauses on release only.
    expect(fireEvent.keyDown(editor, { key: 'F16' })).toBe(false);
    expect(audio().paused).toBe(false);
    expect(fireEvent.keyUp(editor, { key: 'F16' })).toBe(false);
    expect(audio().paused).toBe(true);

    // ctrl+alt+space toggles play, from the text field too, and types nothing.
    notes.focus();
    expect(fireEvent.keyDown(notes, { key: ' ', code: 'Space', ctrlKey: true, altKey: true })).toBe(false);
    expect(audio().paused).toBe(false);
    expect(fireEvent.keyDown(editor, { key: ' ', code: 'Space', ctrlKey: true, altKey: true })).toBe(false);
    expect(audio().paused).toBe(true);
    expect((notes as HTMLTextAreaElement).value).toBe('');
    expect(seen).toEqual([]);

    // Ordinary typing still reaches them.
    fireEvent.keyDown(notes, { key: 'a' });
    fireEvent.keyDown(editor, { key: ' ' });
    expect(seen).toEqual(['textarea a', 'editor  ']);
  });

  it('F13 held for 1 s while paused steps back 9 × 1100 ms; while playing 9 × 500 ms', () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'] });
    renderWithProviders(<AudioPlayer options={audioOptions()} />);
    act(() => media.advance(audio(), 30));
    fireEvent.click(screen.getByRole('button', { name: 'Play' }));
    fireEvent.click(screen.getByRole('button', { name: 'Pause' }));
    const pausedAt = audio().currentTime;

    fireEvent.keyDown(document.body, { key: 'F13' });
    act(() => vi.advanceTimersByTime(500));
    // The keyboard's own auto-repeat changes nothing.
    fireEvent.keyDown(document.body, { key: 'F13', repeat: true });
    act(() => vi.advanceTimersByTime(500));
    fireEvent.keyUp(document.body, { key: 'F13' });
    expect(pausedAt * 1000 - audio().currentTime * 1000).toBeCloseTo(
      heldDistanceMs(1000, 'rewind', false),
      6,
    );
    expect(heldDistanceMs(1000, 'rewind', false)).toBe(9900);
    // Released: no more steps.
    const released = audio().currentTime;
    act(() => vi.advanceTimersByTime(1000));
    expect(audio().currentTime).toBe(released);

    act(() => media.advance(audio(), 20 - audio().currentTime));
    fireEvent.keyDown(document.body, { key: 'F14' });
    const playingAt = audio().currentTime;
    fireEvent.keyDown(document.body, { key: 'F13' });
    act(() => vi.advanceTimersByTime(1000));
    fireEvent.keyUp(document.body, { key: 'F13' });
    expect(playingAt - audio().currentTime).toBeCloseTo(4.5, 6);
  });

  it('ctrl+alt+right held steps forward every 150 ms; ctrl+alt+left steps back', () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'] });
    renderWithProviders(<AudioPlayer options={audioOptions()} />);
    fireEvent.keyDown(document.body, { key: 'F14' });
    fireEvent.keyDown(document.body, { key: 'ArrowRight', ctrlKey: true, altKey: true });
    act(() => vi.advanceTimersByTime(300));
    fireEvent.keyUp(document.body, { key: 'ArrowRight', ctrlKey: true, altKey: true });
    // 1 + ⌊300 / 150⌋ = 3 steps of 500 ms.
    expect(audio().currentTime).toBeCloseTo(1.5, 6);
    fireEvent.keyDown(document.body, { key: 'ArrowLeft', ctrlKey: true, altKey: true });
    // Released after the modifiers: the hold still ends.
    fireEvent.keyUp(document.body, { key: 'ArrowLeft' });
    act(() => vi.advanceTimersByTime(1000));
    expect(audio().currentTime).toBeCloseTo(1, 6);
  });

  it('F15 fast-forwards at rate 2 while held, then plays on at the chosen speed', () => {
    renderWithProviders(<AudioPlayer options={audioOptions()} />);
    fireEvent.keyDown(document.body, { key: 'F14' });
    fireEvent.keyDown(document.body, { key: 'F15' });
    expect(audio().playbackRate).toBe(2);
    expect(state()).toBe('Fast-forwarding');
    fireEvent.keyUp(document.body, { key: 'F15' });
    expect(audio().playbackRate).toBe(1);
    expect(state()).toBe('Playing');
    // From pause: fast-forwards while held, paused again after.
    fireEvent.keyUp(document.body, { key: 'F16' });
    fireEvent.keyDown(document.body, { key: 'F15' });
    expect(audio().paused).toBe(false);
    fireEvent.keyUp(document.body, { key: 'F15' });
    expect(audio().paused).toBe(true);
    expect(state()).toBe('Paused');
  });

  it('leaves other keys to the page, and listens only while a player is shown', () => {
    const { unmount } = renderWithProviders(<AudioPlayer options={audioOptions()} />);
    expect(fireEvent.keyDown(document.body, { key: 'a' })).toBe(true);
    expect(fireEvent.keyDown(document.body, { key: 'ArrowLeft', ctrlKey: true })).toBe(true);
    unmount();
    expect(fireEvent.keyDown(document.body, { key: 'F14' })).toBe(true);
  });

  it('drives the player used last when there are two', () => {
    renderWithProviders(
      <>
        <AudioPlayer options={audioOptions({ jobId: 1 })} label="first" />
        <AudioPlayer options={audioOptions({ jobId: 2 })} label="second" />
      </>,
    );
    const [first, second] = screen.getAllByTestId('audio-element') as HTMLAudioElement[];
    fireEvent.keyDown(document.body, { key: 'F14' });
    expect(second!.paused).toBe(false);
    expect(first!.paused).toBe(true);
    fireEvent.pointerDown(screen.getByRole('group', { name: 'first' }));
    fireEvent.keyDown(document.body, { key: 'F14' });
    expect(first!.paused).toBe(false);
  });
});

describe('AudioPlayer volume and speed', () => {
  it('volume defaults to 0.5; ctrl+↑ / ctrl+↓ step 0.01, kept under vol, clamped to 0–1', () => {
    renderWithProviders(<AudioPlayer options={audioOptions()} />);
    expect(audio().volume).toBe(0.5);
    expect(fireEvent.keyDown(document.body, { key: 'ArrowUp', ctrlKey: true })).toBe(false);
    expect(audio().volume).toBe(0.51);
    expect(window.localStorage.getItem('vol')).toBe('0.51');
    fireEvent.keyDown(document.body, { key: 'ArrowDown', ctrlKey: true });
    fireEvent.keyDown(document.body, { key: 'ArrowDown', ctrlKey: true, repeat: true });
    expect(audio().volume).toBe(0.49);
    expect(window.localStorage.getItem('vol')).toBe('0.49');
  });

  it('reads the stored volume, clamped; nonsense reads as the default', () => {
    window.localStorage.setItem('vol', '7');
    const first = renderWithProviders(<AudioPlayer options={audioOptions()} />);
    expect(audio().volume).toBe(1);
    fireEvent.keyDown(document.body, { key: 'ArrowUp', ctrlKey: true });
    expect(audio().volume).toBe(1);
    first.unmount();
    window.localStorage.setItem('vol', 'loud');
    resetAudioPrefsCache();
    renderWithProviders(<AudioPlayer options={audioOptions()} />);
    expect(audio().volume).toBe(0.5);
  });

  it('the speed is chosen from 0.5× to 2×, applied and remembered', async () => {
    const first = renderWithProviders(<AudioPlayer options={audioOptions()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Playback speed: 1×' }));
    fireEvent.click(await screen.findByRole('menuitemradio', { name: '1.5×' }));
    await waitFor(() => expect(window.localStorage.getItem('audio-speed')).toBe('1.5'));
    expect(audio().playbackRate).toBe(1.5);
    fireEvent.click(screen.getByRole('button', { name: 'Play' }));
    expect(audio().playbackRate).toBe(1.5);
    first.unmount();
    resetAudioPrefsCache();
    renderWithProviders(<AudioPlayer options={audioOptions()} />);
    expect(screen.getByRole('button', { name: 'Playback speed: 1.5×' })).toBeTruthy();
    expect(audio().playbackRate).toBe(1.5);
  });
});
