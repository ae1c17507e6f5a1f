/**
 * A speech recognizer (issue 27, docs/decisions.md "Speech-recognition drafts"): given a
 * recording it answers the words it heard, one utterance a line. Engines run off the event loop (a
 * child process, or an HTTP call) and their errors never carry the words or the recognizer's answer.
 */
export interface AsrEngine {
  /** The engine's name, as ASR_ENGINE spells it (logged with ids, never with words). */
  readonly name: 'pocketsphinx' | 'http';
  /**
   * The words of the recording at `audio.path` (16 kHz mono 16-bit wav when ffmpeg made it, else
   * the uploaded file); '' when nothing was recognized. Rejects with a {@link RecognitionError}
   * when the recognizer fails, and when `signal` aborts (the try's time limit).
   */
  recognize(audio: RecognitionAudio, signal: AbortSignal): Promise<string>;
}

/** The recording handed to an engine. */
export interface RecognitionAudio {
  path: string;
  /** The file name sent to an HTTP recognizer (it guesses the format from it), e.g. 'dictation.wav'. */
  filename: string;
  mimeType: string;
}

/**
 * A recognition that failed. Its message is safe to log and to keep in the task queue: an exit
 * code, an HTTP status, a limit — never the recognizer's output.
 */
export class RecognitionError extends Error {
  override readonly name = 'RecognitionError';
}

/** The largest answer read from a recognizer (a dictation's text is a few kilobytes). */
export const MAX_RECOGNIZER_OUTPUT_BYTES = 1024 * 1024;

/** Why a try stopped when its signal aborted: the time limit, in words fit for the log. */
export function abortReason(signal: AbortSignal, timeoutSeconds: number): RecognitionError {
  const reason = signal.reason as { name?: string } | undefined;
  return new RecognitionError(
    reason?.name === 'TimeoutError'
      ? `no result within ${timeoutSeconds} s (ASR_TIMEOUT_SECONDS)`
      : 'recognition was cancelled',
  );
}
