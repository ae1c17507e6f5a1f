/** Speech-recognition drafts (issue 27), spread into enUS as `transcribe.asr.*`. */
export const ASR_MESSAGES = {
  /** The health page's row (an optional check: a missing engine leaves jobs audio-only). */
  healthName: 'Speech recognition',
  off: 'Speech recognition is off (ASR_ENGINE=none): new dictations stay audio-only, without a draft.',
  pocketsphinxReady:
    'pocketsphinx found at {{path}} with its US English model: new dictations get a speech-recognition draft.',
  pocketsphinxNoFfmpeg:
    'Without ffmpeg only 16 kHz mono wav recordings can be recognized. Install the Debian package: apt-get install ffmpeg',
  pocketsphinxMissing:
    'pocketsphinx is not installed: new dictations stay audio-only, without a draft. Install the Debian packages: apt-get install pocketsphinx pocketsphinx-en-us',
  modelMissing:
    'pocketsphinx is installed but its US English model is missing ({{path}}): new dictations stay audio-only. Install the Debian package: apt-get install pocketsphinx-en-us',
  httpReady: 'Recognition server {{url}} (model {{model}}): new dictations get a speech-recognition draft.',
  httpAnswered:
    'Recognition server {{url}} answered in {{ms}} ms (model {{model}}): new dictations get a speech-recognition draft.',
  httpUnreachable:
    'Recognition server {{url}} did not answer ({{reason}}): drafts are retried and, failing that, dictations stay audio-only.',
  httpNoUrl: 'ASR_ENGINE is http but ASR_URL is not set: new dictations stay audio-only.',
} as const;
