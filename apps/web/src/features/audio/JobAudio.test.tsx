import { enUS } from '@quill/core/i18n/enUS';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiError, fakeApi } from '../../app/testing/fakeApi';
import { resetAudioPrefsCache } from './audioPrefs';
import { JobAudio } from './JobAudio';
import { type FakeMedia, installFakeMedia } from './testing/fakeMedia';
import { audioOptions, renderWithProviders } from './testing/renderPlayer';

let media: FakeMedia;
beforeEach(() => {
  window.localStorage.clear();
  resetAudioPrefsCache();
  media = installFakeMedia();
});
afterEach(() => {
  cleanup();
  media.restore();
});

describe('JobAudio', () => {
  it('asks for the audio options and shows the player (its code loaded on demand)', async () => {
    const api = fakeApi({
      'GET /api/job/audiooptions': audioOptions({ jobId: 44, audioURL: '/api/Audio/opus?jobId=44' }),
    });
    renderWithProviders(<JobAudio jobId={44} />);
    expect(screen.getByText(enUS.audio.player.loading)).toBeTruthy();
    const player = await screen.findByRole('group', { name: 'Audio of job 44' });
    expect(player.querySelector('audio')?.getAttribute('src')).toBe('/api/Audio/opus?jobId=44');
    expect(api.calls[0]!.url).toBe('/api/job/audiooptions?jobId=44');
  });

  it("says 'There is no audio associated with this job.' without audio, and for a job not found", async () => {
    const api = fakeApi({
      'GET /api/job/audiooptions': audioOptions({
        audioURL: null,
        audioFormat: null,
        hasOpus: false,
        hasWav: false,
      }),
    });
    const first = renderWithProviders(<JobAudio jobId={45} />);
    expect(await screen.findByText(enUS.audio.noAudio)).toBeTruthy();
    first.unmount();
    api.set('GET /api/job/audiooptions', apiError(404, 'not_found', 'The requested resource was not found.'));
    renderWithProviders(<JobAudio jobId={46} />);
    expect(await screen.findByText(enUS.audio.noAudio)).toBeTruthy();
  });

  it('offers Retry when the options cannot be loaded', async () => {
    const api = fakeApi({ 'GET /api/job/audiooptions': apiError(503, 'unavailable') });
    renderWithProviders(<JobAudio jobId={47} />);
    expect(await screen.findByText(enUS.audio.player.loadFailed)).toBeTruthy();
    api.set('GET /api/job/audiooptions', audioOptions({ jobId: 47 }));
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('group', { name: 'Audio of job 47' })).toBeTruthy();
  });
});
