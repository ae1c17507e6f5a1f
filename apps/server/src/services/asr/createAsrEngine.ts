import type { Config } from '../../config.js';
import type { AsrEngine } from './asrEngine.js';
import { httpEngine } from './httpEngine.js';
import { pocketsphinxEngine } from './pocketsphinxEngine.js';

type AsrConfig = Pick<Config, 'ASR_ENGINE' | 'ASR_URL' | 'ASR_MODEL' | 'ASR_API_KEY' | 'ASR_TIMEOUT_SECONDS'>;

/** The recognizer ASR_ENGINE names, or null when speech recognition is off (`none`). */
export function createAsrEngine(config: AsrConfig): AsrEngine | null {
  const timeoutSeconds = config.ASR_TIMEOUT_SECONDS;
  switch (config.ASR_ENGINE) {
    case 'pocketsphinx':
      return pocketsphinxEngine({ timeoutSeconds });
    case 'http':
      // config.ts refuses ASR_ENGINE=http without ASR_URL.
      return httpEngine({
        url: config.ASR_URL!,
        model: config.ASR_MODEL,
        apiKey: config.ASR_API_KEY,
        timeoutSeconds,
      });
    case 'none':
      return null;
  }
}
