import { Button, Container, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorPage } from '../../app/errors/ErrorPage';
import { useHasPermission } from '../../app/session/SessionContext';
import { useDocumentTitle } from '../../app/useDocumentTitle';
import { AudioLoading, NoAudio } from '../audio/AudioStatus';
import { useAudioOptions } from '../audio/audioApi';
import { CheckIcon } from '../audio/icons';
import { LazyAudioPlayer } from '../audio/LazyAudioPlayer';
import { CreateAudioForm } from './CreateAudioForm';
import classes from './CreateAudioPage.module.css';
import type { CreateAudioFacility, CreateAudioResponse } from './createAudioApi';

/** While the server converts the recording, its audio options are asked for this often. */
export const RENDITION_POLL_MS = 2000;
/** … and for at most this long; then the player takes what there is. */
export const RENDITION_WAIT_MS = 120_000;

interface Created {
  response: CreateAudioResponse;
  facility: CreateAudioFacility | undefined;
  at: number;
}

/**
 * The new job's audio: with renditions 'queued' the audio options are polled every 2 s until the
 * opus rendition is there ('Preparing audio…'); then the player.
 */
function CreatedJobAudio({ created }: { created: Created }) {
  const { t } = useTranslation();
  const { jobId, renditions } = created.response;
  const waiting = renditions === 'queued';
  const options = useAudioOptions(jobId, {
    pollMs: waiting ? RENDITION_POLL_MS : undefined,
    until: (o) => o.hasOpus || Date.now() - created.at > RENDITION_WAIT_MS,
  });
  const data = options.data;
  const gaveUp = Date.now() - created.at > RENDITION_WAIT_MS;
  if (!data || (waiting && !data.hasOpus && !gaveUp))
    return <AudioLoading label={t('audio.player.preparing')} />;
  return (
    <Stack gap="xs">
      {data.audioURL ? (
        <LazyAudioPlayer options={data} label={t('audio.player.jobLabel', { jobId: String(jobId) })} />
      ) : (
        <NoAudio />
      )}
      {renditions === 'none' && data.audioURL && (
        <Text size="xs" c="dimmed">
          {t('audio.create.renditionsNone')}
        </Text>
      )}
      {waiting && !data.hasOpus && (
        <Text size="xs" c="dimmed">
          {t('audio.create.preparingSlow')}
        </Text>
      )}
    </Stack>
  );
}

/** The confirmation: the new job's id, the way to the job list, the player, and Create another. */
function CreatedJob({ created, onAnother }: { created: Created; onAnother: () => void }) {
  const { t } = useTranslation();
  const jobId = String(created.response.jobId);
  const cs = created.facility ? String(created.facility.corporateStructureId) : null;
  return (
    <Paper withBorder radius="md" p="lg" data-testid="create-audio-done">
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap" role="status">
          <ThemeIcon color="green" variant="light" radius="xl" size="lg" aria-hidden="true">
            <CheckIcon />
          </ThemeIcon>
          <div>
            <Title order={2} size="h4">
              {t('audio.create.createdTitle')}
            </Title>
            <Text size="sm" data-testid="created-job-id" data-job-id={jobId}>
              {t('audio.create.created', { jobId })}
            </Text>
          </div>
        </Group>
        <CreatedJobAudio created={created} />
        <Group gap="sm">
          {cs ? (
            <Button
              variant="filled"
              renderRoot={(props) => (
                <Link to="/jobs/$cs/$joblisttype" params={{ cs, joblisttype: 'all' }} {...props} />
              )}
            >
              {t('audio.create.openList')}
            </Button>
          ) : (
            <Button variant="filled" renderRoot={(props) => <Link to="/jobs" {...props} />}>
              {t('audio.create.openList')}
            </Button>
          )}
          <Button variant="default" onClick={onAnother}>
            {t('audio.create.createAnother')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/**
 * /audio/create, "Create with Audio" (spec 01 §2 Upload menu; the legacy page rebuilt): upload a
 * dictation into a client facility for a dictator and work type; the new job's audio plays once
 * the server has prepared it. Needs jobCreate; otherwise the 403 page.
 */
export function CreateAudioPage() {
  const { t } = useTranslation();
  const allowed = useHasPermission('jobCreate');
  const [created, setCreated] = useState<Created | null>(null);
  const [formKey, setFormKey] = useState(0);
  useDocumentTitle(t('audio.create.title'));
  if (!allowed) return <ErrorPage code="403" />;
  return (
    <Container size={760} py="xl" className={classes.page}>
      <Stack gap="lg">
        <div>
          <Title order={1} size="h2">
            {t('audio.create.title')}
          </Title>
          <Text c="dimmed" mt={4}>
            {t('audio.create.lead')}
          </Text>
        </div>
        {created ? (
          <CreatedJob
            created={created}
            onAnother={() => {
              setCreated(null);
              setFormKey((k) => k + 1);
            }}
          />
        ) : (
          <Paper withBorder radius="md" p="lg">
            <CreateAudioForm
              key={formKey}
              onCreated={(response, facility) => setCreated({ response, facility, at: Date.now() })}
            />
          </Paper>
        )}
      </Stack>
    </Container>
  );
}
