import type { AudioOptions } from '@quill/core/contract/audio';
import { lazy, Suspense } from 'react';
import { AudioLoading } from './AudioStatus';

/** The player's code is its own chunk, loaded when a job with audio is shown (ARCHITECTURE §7). */
const AudioPlayer = lazy(() => import('./AudioPlayer').then((m) => ({ default: m.AudioPlayer })));

/** The player, loaded on demand; 'Loading audio…' meanwhile. */
export function LazyAudioPlayer({ options, label }: { options: AudioOptions; label?: string }) {
  return (
    <Suspense fallback={<AudioLoading />}>
      <AudioPlayer options={options} label={label} />
    </Suspense>
  );
}
