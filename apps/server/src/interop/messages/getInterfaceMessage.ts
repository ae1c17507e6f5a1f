import { type InterfaceMessage, segmentView } from '@quill/core';
import type { AppContext } from '../../context.js';
import type { Auth } from '../../services/auth/auth.js';
import { auditMessage } from './auditMessage.js';
import { findInterfaceMessage } from './findInterfaceMessage.js';
import { messageRow } from './messageRow.js';

const FAILED = new Set(['failed']);

/** HL7 v2 bytes as text: UTF-8 when they are, else ISO-8859-1 (the default character set). */
function decodeHl7(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return bytes.toString('latin1');
  }
}

/**
 * GET /api/interfaces/messages/{messageId} (issue 44): one message of the log and its ACK, segment
 * by segment with field names. The message carries patient data: every read is audited
 * ('interface.message.read', with the job and patient it touched).
 */
export async function getInterfaceMessage(
  ctx: AppContext,
  auth: Auth,
  messageId: number,
  ip: string | null,
): Promise<InterfaceMessage> {
  const row = await findInterfaceMessage(ctx, auth, messageId);
  const raw = decodeHl7(await ctx.blobs.get(row.blobKey));
  await auditMessage(ctx, auth, row, 'interface.message.read', ip);
  const failed = FAILED.has(row.status);
  return {
    message: messageRow(row),
    segments: segmentView(raw),
    ack: row.ack ? segmentView(row.ack) : [],
    canResend: failed || (row.direction === 'out' && row.status !== 'acknowledged'),
    canMarkHandled: failed && row.handledAt === null,
  };
}
