import type { FaxRecipient } from '@quill/core';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { physicians, recipients } from '../../db/schema/index.js';
import { recipientContact } from '../fax/getContactListForJob.js';

/** A delivery's recipient as a contact (its name, stored fax number, kind), or null when it has none. */
export async function deliveryContact(
  db: Db,
  recipientId: number | null,
  opts: { showPatient: boolean },
): Promise<(FaxRecipient & { isPatient: boolean }) | null> {
  if (recipientId === null) return null;
  const [row] = await db
    .select({ r: recipients, p: physicians })
    .from(recipients)
    .leftJoin(physicians, eq(physicians.id, recipients.physicianId))
    .where(eq(recipients.id, recipientId));
  if (!row) return null;
  return { ...recipientContact(row.r, row.p, opts.showPatient), isPatient: row.r.isPatient };
}
