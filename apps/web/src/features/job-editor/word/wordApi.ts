import type { InputOf } from '@quill/core/contract/endpoint';
import { WORD } from '@quill/core/contract/endpoints/word';
import { callJobApi } from '../jobApi';

/**
 * getwordauth: the WOPI access token and the frame's editing (when allowed) and viewing addresses;
 * `view` asks for a token that only views (view mode, whatever the booking).
 */
export const fetchWordAuth = (jobId: number, mode: 'view' | 'edit', signal?: AbortSignal) =>
  callJobApi(WORD.auth, { query: { jobId, mode } }, signal);

/** saveWordDocument: completes a Word edit with a save mode (the frame saved the document itself). */
export const saveWordDocument = (body: InputOf<(typeof WORD.saveWordDocument)['body']>) =>
  callJobApi(WORD.saveWordDocument, { body });
