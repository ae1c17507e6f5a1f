import { randomUUID } from 'node:crypto';
import { message, type UploadStatus } from '@quill/core';
import { and, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { uploads } from '../../db/schema/index.js';
import { transactionSql } from '../../db/transactionSql.js';
import { conflict } from '../../errors/domainErrors.js';
import { importScheduleTask } from '../../tasks/importSchedule.js';
import { recordAudit } from '../audit/recordAudit.js';
import type { Auth } from '../auth/auth.js';
import { getUploadStatus } from './getUploadStatus.js';
import { requireUploadPermission, type ScheduleKind } from './scheduleFacility.js';
import { requireOwnUpload } from './uploadScope.js';

/**
 * Issue 39: the submitter's answer to an upload's preview. `confirm` marks it confirmed and queues
 * importSchedule to apply it (re-checked there: a job final by now is not changed; a plan that
 * differs from the preview is shown again instead of applied); `cancel` discards it, nothing
 * applied. Only an upload waiting for confirmation (or, for cancel, still being worked out) — 409
 * otherwise; another account's upload is 404; the kind's upload permission is needed (403).
 */
export async function answerUploadPreview(
  ctx: AppContext,
  auth: Auth,
  uploadId: number,
  answer: 'confirm' | 'cancel',
  ip: string | null,
): Promise<UploadStatus> {
  const upload = await requireOwnUpload(ctx, auth, uploadId);
  requireUploadPermission(auth, upload.kind as ScheduleKind);
  const from = answer === 'confirm' ? ['preview'] : ['preview', 'queued'];
  const answered = await ctx.database.db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ result: uploads.result })
      .from(uploads)
      .where(and(eq(uploads.id, upload.id), inArray(uploads.status, from)))
      .for('update');
    if (!locked) return false;
    const confirmed = { confirmedAt: new Date().toISOString(), confirmedBy: auth.userId };
    await tx
      .update(uploads)
      .set(
        answer === 'confirm'
          ? { status: 'confirmed', result: { ...((locked.result ?? {}) as object), ...confirmed } }
          : { status: 'cancelled' },
      )
      .where(eq(uploads.id, upload.id));
    if (answer === 'confirm')
      await ctx.tasks.insert(importScheduleTask, [{ id: randomUUID(), payload: { uploadId: upload.id } }], {
        db: transactionSql(tx),
      });
    await recordAudit(
      ctx,
      {
        action: answer === 'confirm' ? 'schedule.confirm' : 'schedule.cancel',
        outcome: 'success',
        userId: auth.userId,
        accountId: auth.accountId,
        ip,
        detail: { uploadId: upload.id, kind: upload.kind },
      },
      tx,
    );
    return true;
  });
  if (!answered) throw conflict(message('schedule.notAwaitingConfirm', { id: upload.id }));
  return getUploadStatus(ctx, auth, upload.id);
}
