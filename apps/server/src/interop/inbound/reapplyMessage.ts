import { message } from '@quill/core';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { clientFacilities, interfaceMessages } from '../../db/schema/index.js';
import { conflict } from '../../errors/domainErrors.js';
import type { InterfaceMessage } from '../log/recordMessage.js';
import { readMessage } from './readMessage.js';
import { applyLogged, facilityQueue } from './receiveMessage.js';

/**
 * Resend of a failed (or handled) inbound message from the Interfaces screen (issue 44): its
 * logged bytes are read again and applied as when they arrived — received again, then applied or
 * failed with the reason — behind the facility's other messages. Answers the row as it ends.
 */
export async function reapplyMessage(ctx: AppContext, row: InterfaceMessage): Promise<InterfaceMessage> {
  const read = readMessage(await ctx.blobs.get(row.blobKey));
  const [facility] = row.clientFacilityId
    ? await ctx.database.db
        .select()
        .from(clientFacilities)
        .where(eq(clientFacilities.id, row.clientFacilityId))
    : [];
  if (!read.ok || !facility) throw conflict(message('interfaces.notResendable', { status: row.status }));
  await facilityQueue.run(`${row.interfaceName}:${read.header.facility}`, async () => {
    const [again] = await ctx.database.db
      .update(interfaceMessages)
      .set({ status: 'received', handledAt: null, handledByAccountId: null })
      .where(eq(interfaceMessages.id, row.id))
      .returning();
    await applyLogged(ctx, again!, read.header, read.message, facility);
  });
  const [done] = await ctx.database.db
    .select()
    .from(interfaceMessages)
    .where(eq(interfaceMessages.id, row.id));
  return done!;
}
