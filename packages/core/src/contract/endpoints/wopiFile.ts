/**
 * The WOPI host's address of one file (WOPI "WOPISrc", issue 22): CheckFileInfo and the lock
 * operations answer at it, GetFile and PutFile at `{WOPISrc}/contents`. The host's routes serve it;
 * the embedded client page only ever calls a WOPISrc of this server that matches it. A file of its
 * own without schemas, so the client page can read it without zod.
 */
export const WOPI_FILE_PATH = '/wopi/files/{fileId}';
