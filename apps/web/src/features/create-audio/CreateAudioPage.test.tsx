import { notifications } from '@mantine/notifications';
import { enUS } from '@quill/core/i18n/enUS';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi } from '../../app/testing/fakeApi';
import { signedInRoutes } from '../../app/testing/fixtures';
import { FakeXhr } from '../../test/fakeXhr';
import { renderApp } from '../../test/renderApp';
import { resetAudioPrefsCache } from '../audio/audioPrefs';
import { type FakeMedia, installFakeMedia } from '../audio/testing/fakeMedia';

const FACILITIES = [
  {
    id: 31,
    name: 'Dunmore Vale Family Clinic',
    corporateStructureId: 5,
    companyNameId: 'Meridian Valley Health (MVH)',
  },
  {
    id: 32,
    name: 'Harbour Point Surgery',
    corporateStructureId: 5,
    companyNameId: 'Meridian Valley Health (MVH)',
  },
];
const CHOICES = {
  dictators: [{ id: 71, name: 'Clarke, Hannah' }],
  workTypes: [{ id: 81, name: 'Progress Note' }],
};

function audioOptions(jobId: number, hasOpus: boolean) {
  return {
    jobId,
    audioURL: hasOpus ? `/api/Audio/opus?jobId=${jobId}` : `/api/Audio/wav?jobId=${jobId}`,
    audioFormat: hasOpus ? 'opus' : 'wav',
    hasWav: true,
    hasOpus,
    durationMs: 2000,
    play: true,
    backwards: true,
    forwards: true,
    stop: true,
    seek: true,
    volume: true,
  };
}

function routes(permissions?: readonly string[]) {
  return signedInRoutes(undefined, permissions, {
    'GET /api/audio/createoptions': FACILITIES,
    'GET /api/audio/createoptions/31': CHOICES,
  });
}

async function choose(label: string, option: string) {
  fireEvent.click(await screen.findByRole('combobox', { name: new RegExp(`^${label}`) }));
  // The dropdown is still in its opening transition in jsdom: its options count as hidden.
  fireEvent.click(await screen.findByRole('option', { name: option, hidden: true }));
}

function chooseFile(file: File) {
  const input = document.querySelector('input[type="file"]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [file] } });
}

async function fillForm(file = new File(['RIFF....WAVE'], 'dictation.wav', { type: 'audio/wav' })) {
  await screen.findByRole('heading', { name: 'Create with Audio' });
  await choose('Client facility', 'Dunmore Vale Family Clinic');
  await waitFor(() =>
    expect(screen.getByRole('combobox', { name: /^Dictator/ })).toHaveProperty('disabled', false),
  );
  await choose('Dictator', 'Clarke, Hannah');
  await choose('Work type', 'Progress Note');
  chooseFile(file);
}

let media: FakeMedia;

beforeEach(() => {
  FakeXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  vi.spyOn(document, 'cookie', 'get').mockReturnValue('XSRF-TOKEN=tok%3D1');
  window.localStorage.clear();
  resetAudioPrefsCache();
  media = installFakeMedia();
});

afterEach(() => {
  cleanup();
  media.restore();
  notifications.clean();
});

describe('Create with Audio page', () => {
  it('needs jobCreate: without it the 403 page', async () => {
    fakeApi(routes(['jobView']));
    renderApp('/audio/create');
    expect(await screen.findByText(enUS.errors.forbiddenLead)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Create with Audio' })).toBeNull();
  });

  it('checks the form before sending: every missing field says so, and nothing is sent', async () => {
    fakeApi(routes());
    renderApp('/audio/create');
    await screen.findByRole('heading', { name: 'Create with Audio' });
    await waitFor(() => expect(document.title).toBe('Create with Audio - Quill'));
    await screen.findByRole('combobox', { name: /^Client facility/ });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Choose a client facility')).toBeTruthy();
    expect(screen.getByText('Choose a dictator')).toBeTruthy();
    expect(screen.getByText('Choose a work type')).toBeTruthy();
    expect(screen.getByText(enUS.audio.noFile)).toBeTruthy();
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it('refuses a file over the limit without sending it', async () => {
    fakeApi(routes());
    renderApp('/audio/create');
    const big = new File(['x'], 'long.wav');
    Object.defineProperty(big, 'size', { value: 200 * 1024 * 1024 + 1 });
    await fillForm(big);
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('The recording is larger than the 200 MB limit.')).toBeTruthy();
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it('uploads with progress and the CSRF header, confirms, and plays the opus rendition once it is ready', async () => {
    let opusReady = false;
    const api = fakeApi({
      ...routes(),
      'GET /api/job/audiooptions': () => audioOptions(901, opusReady),
    });
    renderApp('/audio/create');
    await fillForm();
    fireEvent.click(screen.getByRole('checkbox', { name: /STAT/ }));
    fireEvent.change(screen.getByRole('textbox', { name: /Patient MRN/ }), {
      target: { value: ' 02012345 ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));

    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    const xhr = FakeXhr.sent[0]!;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/audio/createwithaudio');
    expect(xhr.headers['X-XSRF-TOKEN']).toBe('tok=1');
    const form = xhr.body!;
    expect([...form.keys()]).toEqual([
      'clientFacilityId',
      'dictatorId',
      'workTypeId',
      'patientMrn',
      'stat',
      'file',
    ]);
    expect(form.get('clientFacilityId')).toBe('31');
    expect(form.get('dictatorId')).toBe('71');
    expect(form.get('workTypeId')).toBe('81');
    expect(form.get('patientMrn')).toBe('02012345');
    expect(form.get('stat')).toBe('true');
    expect((form.get('file') as File).name).toBe('dictation.wav');

    act(() => xhr.progress(0.5));
    expect(await screen.findByText('Uploading… 50%')).toBeTruthy();
    act(() => xhr.reply(201, { jobId: 901, renditions: 'queued' }));

    const done = await screen.findByTestId('create-audio-done');
    expect(within(done).getByText('Job 901 was created.')).toBeTruthy();
    expect(within(done).getByRole('link', { name: 'Open the job list' }).getAttribute('href')).toBe(
      '/jobs/5/all',
    );
    expect(await within(done).findByText(enUS.audio.player.preparing)).toBeTruthy();

    // The audio options are asked again every 2 s until the opus rendition is there.
    opusReady = true;
    const player = await within(done).findByRole('group', { name: 'Audio of job 901' }, { timeout: 10_000 });
    expect(within(player).getByTestId('audio-element').getAttribute('src')).toBe('/api/Audio/opus?jobId=901');
    expect(api.called().filter((c) => c === 'GET /api/job/audiooptions').length).toBeGreaterThanOrEqual(2);

    // Create another: an empty form again.
    fireEvent.click(within(done).getByRole('button', { name: 'Create another' }));
    expect(await screen.findByRole('combobox', { name: /^Client facility/ })).toHaveProperty('value', '');
    // Real timers: the 2 s poll and the player's lazy chunk take longer than the default 5 s on a
    // busy machine.
  }, 20_000);

  it("shows the server's message at the field it is about, and creates nothing", async () => {
    fakeApi(routes());
    renderApp('/audio/create');
    await fillForm(new File(['hello'], 'x.wav', { type: 'audio/wav' }));
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    act(() =>
      FakeXhr.sent[0]!.reply(400, { error: { code: 'bad_request', message: enUS.audio.unsupportedFile } }),
    );
    const message = await screen.findByText(enUS.audio.unsupportedFile);
    // Mantine links the error to the field it belongs to.
    const fileButton = document.querySelector('[data-field="file"]')!;
    expect(fileButton.getAttribute('aria-describedby') ?? '').toContain(message.id);
    expect(screen.queryByTestId('create-audio-done')).toBeNull();
  });

  it('413 and 404 answers read as the server says', async () => {
    fakeApi(routes());
    renderApp('/audio/create');
    await fillForm();
    fireEvent.change(screen.getByRole('textbox', { name: /Patient MRN/ }), { target: { value: 'NOPE1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    const notFound = 'No patient with MRN NOPE1 was found in this corporate structure.';
    act(() => FakeXhr.sent[0]!.reply(404, { error: { code: 'not_found', message: notFound } }));
    expect(await screen.findByText(notFound)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(2));
    act(() =>
      FakeXhr.sent[1]!.reply(413, { error: { code: 'too_large', message: 'The request is too large.' } }),
    );
    expect(await screen.findByText('The recording is larger than the 200 MB limit.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(3));
    act(() =>
      FakeXhr.sent[2]!.reply(403, { error: { code: 'forbidden', message: 'Something else went wrong.' } }),
    );
    expect((await screen.findByTestId('create-audio-error')).textContent).toBe('Something else went wrong.');
  });

  it('offers Retry when the client facilities cannot be loaded', async () => {
    const api = fakeApi({ ...routes(), 'GET /api/audio/createoptions': apiError(503, 'unavailable') });
    renderApp('/audio/create');
    expect(await screen.findByText(enUS.audio.create.loadFailed)).toBeTruthy();
    api.set('GET /api/audio/createoptions', FACILITIES);
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('combobox', { name: /^Client facility/ })).toBeTruthy();
  });
});
