import { z } from 'zod';
import { plainText } from '../documents/text.js';

/**
 * Quill as a WOPI host (ARCHITECTURE §1 "Word documents", issue 22): the file of a Word job is its
 * current DOCX document version, named by the job id (`fileId` = the job id in decimal); WOPI
 * clients (Collabora Online, ONLYOFFICE Docs, Office Online Server, Quill's own client page) call
 * CheckFileInfo, GetFile, PutFile and the lock operations with the `access_token` Quill gave the
 * frame (GET /api/jobs/getwordauth). Header names and limits follow the public WOPI REST
 * specification.
 */

/** The WOPI request and response headers the host reads and writes (lower case, as Node reads them). */
export const WOPI_HEADERS = {
  override: 'x-wopi-override',
  lock: 'x-wopi-lock',
  oldLock: 'x-wopi-oldlock',
  itemVersion: 'x-wopi-itemversion',
  lockFailureReason: 'x-wopi-lockfailurereason',
  lockedByOtherInterface: 'x-wopi-lockedbyotherinterface',
  maxExpectedSize: 'x-wopi-maxexpectedsize',
  /** Collabora Online: the LastModifiedTime its copy is based on (PutFile refuses an older one). */
  coolTimestamp: 'x-cool-wopi-timestamp',
  loolTimestamp: 'x-lool-wopi-timestamp',
} as const;

/** The operations of POST /wopi/files/{fileId} by their X-WOPI-Override value. */
export const WOPI_LOCK_OPERATIONS = ['LOCK', 'GET_LOCK', 'REFRESH_LOCK', 'UNLOCK'] as const;

/** Longest lock id a WOPI client may send (SupportsExtendedLockLength: 1024 ASCII characters). */
export const WOPI_LOCK_MAX_LENGTH = 1024;

/** Collabora Online's status code for "the document changed in storage" (a 409 body's COOLStatusCode). */
export const COOL_STATUS_DOC_CHANGED = 1010;

/** Path of a WOPI file call: the file id as the WOPI client sends it (checked by the host: 404 when unknown). */
export const WopiFileParamsSchema = z.object({
  fileId: plainText('fileId').max(100, 'fileId is not a file of this host'),
});

/**
 * Query of every WOPI call: the access token as WOPI clients send it. Its absence answers 401
 * like a wrong one (WOPI: "Token is invalid"), so it is optional here.
 */
export const WopiTokenQuerySchema = z.object({
  access_token: plainText('access_token').max(512, 'access_token is not a token of this host').optional(),
});

/**
 * CheckFileInfo (WOPI REST "CheckFileInfo"): the file, the user's permissions on it and the host's
 * capabilities. The required properties (BaseFileName, OwnerId, Size, UserId, Version), those the
 * validator's groups check (SupportsLocks, SupportsGetLock, SupportsExtendedLockLength,
 * SupportsUpdate, UserCanWrite), and those Collabora Online reads (UserFriendlyName,
 * PostMessageOrigin, LastModifiedTime, Hide…/Disable… options, IsAdminUser).
 */
export const CheckFileInfoSchema = z.object({
  BaseFileName: z.string(),
  OwnerId: z.string(),
  Size: z.number().int(),
  UserId: z.string(),
  UserFriendlyName: z.string(),
  Version: z.string(),
  /** ISO 8601 round-trip time of the current version (Collabora sends it back on PutFile). */
  LastModifiedTime: z.string(),
  FileExtension: z.string(),
  UserCanWrite: z.boolean(),
  ReadOnly: z.boolean(),
  UserCanNotWriteRelative: z.boolean(),
  UserCanRename: z.boolean(),
  SupportsLocks: z.boolean(),
  SupportsGetLock: z.boolean(),
  SupportsExtendedLockLength: z.boolean(),
  SupportsUpdate: z.boolean(),
  SupportsRename: z.boolean(),
  SupportsDeleteFile: z.boolean(),
  SupportsUserInfo: z.boolean(),
  /** The origin of the Quill page that hosts the frame: the client posts its messages to it. */
  PostMessageOrigin: z.string(),
  BreadcrumbDocName: z.string(),
  /** Printing and exporting go through Quill's own print preview and downloads (audited). */
  DisablePrint: z.boolean(),
  HidePrintOption: z.boolean(),
  DisableExport: z.boolean(),
  HideExportOption: z.boolean(),
  HideSaveOption: z.boolean(),
  EnableShare: z.boolean(),
  IsAdminUser: z.boolean(),
});
export type CheckFileInfo = z.infer<typeof CheckFileInfoSchema>;

/** Answer of PutFile: Collabora Online keeps LastModifiedTime for its next save's timestamp check. */
export const PutFileResultSchema = z.object({ LastModifiedTime: z.string() });
export type PutFileResult = z.infer<typeof PutFileResultSchema>;

/** Answer of the lock operations: their outcome is in the status and the X-WOPI-* headers. */
export const WopiLockResultSchema = z.object({});
