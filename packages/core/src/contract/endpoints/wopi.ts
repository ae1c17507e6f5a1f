import { type Endpoint, endpoint } from '../endpoint.js';
import { WOPI_FILE_PATH } from './wopiFile.js';

const WOPI_CONTENTS_PATH = `${WOPI_FILE_PATH}/contents` as const;

import {
  CheckFileInfoSchema,
  PutFileResultSchema,
  WopiFileParamsSchema,
  WopiLockResultSchema,
  WopiTokenQuerySchema,
} from '../wopi/wopi.js';

const tags = ['wopi'];

/**
 * Quill's WOPI host (ARCHITECTURE §1, issue 22; the public WOPI REST specification): the calls WOPI
 * clients make for a Word job's document. Outside /api/ as WOPI clients expect (`WOPISrc` =
 * `{origin}/wopi/files/{fileId}`); they authenticate with `access_token`, never the session cookie.
 * `fileId` is the job id. PutRelativeFile, RenameFile, PutUserInfo and the other overrides answer
 * 501 Not Implemented.
 */
export const WOPI = {
  /** CheckFileInfo: the file, the user's permissions and the host's capabilities. */
  checkFileInfo: endpoint({
    method: 'GET',
    path: WOPI_FILE_PATH,
    tags,
    summary: 'WOPI CheckFileInfo (access_token)',
    params: WopiFileParamsSchema,
    query: WopiTokenQuerySchema,
    answer: CheckFileInfoSchema,
  }),
  /**
   * The lock operations by X-WOPI-Override: LOCK (with X-WOPI-OldLock: UnlockAndRelock),
   * GET_LOCK, REFRESH_LOCK, UNLOCK. The lock is the job's booking; the answer is in the status and
   * the X-WOPI-Lock / X-WOPI-ItemVersion headers.
   */
  fileOperation: endpoint({
    method: 'POST',
    path: WOPI_FILE_PATH,
    tags,
    summary: 'WOPI Lock, GetLock, RefreshLock, Unlock, UnlockAndRelock by X-WOPI-Override (access_token)',
    params: WopiFileParamsSchema,
    query: WopiTokenQuerySchema,
    answer: WopiLockResultSchema,
  }),
  /** GetFile: the current document's bytes, with X-WOPI-ItemVersion. */
  getFile: endpoint({
    method: 'GET',
    path: WOPI_CONTENTS_PATH,
    tags,
    summary: 'WOPI GetFile (access_token)',
    params: WopiFileParamsSchema,
    query: WopiTokenQuerySchema,
    produces: ['application/octet-stream'],
  }),
  /** PutFile (X-WOPI-Override: PUT, X-WOPI-Lock): stores the bytes as the job's new document version. */
  putFile: endpoint({
    method: 'POST',
    path: WOPI_CONTENTS_PATH,
    tags,
    summary: 'WOPI PutFile (X-WOPI-Override PUT, X-WOPI-Lock, access_token)',
    params: WopiFileParamsSchema,
    query: WopiTokenQuerySchema,
    consumes: 'application/octet-stream',
    answer: PutFileResultSchema,
  }),
} satisfies Record<string, Endpoint>;
