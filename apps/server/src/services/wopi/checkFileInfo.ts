import type { CheckFileInfo } from '@quill/core';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { accounts } from '../../db/schema/index.js';
import type { WopiCaller } from './resolveWopiToken.js';
import { itemVersionOf, lastModifiedOf, openWordFile } from './wordFile.js';

/**
 * WOPI CheckFileInfo: the job's Word document (`job-{id}.docx`, its size and version), the
 * token's user (the account, by id and display name) and what the token may do: write only with an
 * edit token. The host supports locks (the booking), GetLock, 1024-character locks and PutFile; it
 * supports no Save As, rename or delete. Printing and exporting from the client are turned off:
 * Quill's print preview, downloads and fax render the saved version and audit it.
 */
export async function checkFileInfo(
  ctx: AppContext,
  caller: WopiCaller,
  fileId: string,
): Promise<CheckFileInfo> {
  const { job, doc } = await openWordFile(ctx, caller, fileId);
  const [account] = await ctx.database.db
    .select({ member: accounts.member })
    .from(accounts)
    .where(eq(accounts.id, caller.auth.accountId!));
  const canWrite = caller.token.canWrite;
  const name = `job-${job.id}.docx`;
  return {
    BaseFileName: name,
    OwnerId: `facility-${job.clientFacilityId}`,
    Size: doc.size,
    UserId: `account-${caller.auth.accountId}`,
    UserFriendlyName: account?.member ?? caller.auth.username,
    Version: itemVersionOf(doc),
    LastModifiedTime: lastModifiedOf(doc),
    FileExtension: '.docx',
    UserCanWrite: canWrite,
    ReadOnly: !canWrite,
    UserCanNotWriteRelative: true,
    UserCanRename: false,
    SupportsLocks: true,
    SupportsGetLock: true,
    SupportsExtendedLockLength: true,
    SupportsUpdate: true,
    SupportsRename: false,
    SupportsDeleteFile: false,
    SupportsUserInfo: false,
    PostMessageOrigin: caller.token.hostOrigin,
    BreadcrumbDocName: name,
    DisablePrint: true,
    HidePrintOption: true,
    DisableExport: true,
    HideExportOption: true,
    HideSaveOption: !canWrite,
    EnableShare: false,
    IsAdminUser: false,
  };
}
