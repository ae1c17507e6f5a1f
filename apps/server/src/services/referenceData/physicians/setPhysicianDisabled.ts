import { type DirectoryPhysician, message } from '@quill/core';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../../context.js';
import { physicians } from '../../../db/schema/index.js';
import { conflict } from '../../../errors/domainErrors.js';
import type { Auth } from '../../auth/auth.js';
import { auditReference } from '../auditReference.js';
import { referenceWrite } from '../referenceWrite.js';
import { requireDirectoryPhysician, toDirectoryPhysician } from './directory.js';

/**
 * POST …/physicians/{physicianId}/disable and …/enable (dictatorAdd). A disabled physician is left
 * out of every search that offers a physician for a new choice (the job editor's, the fax
 * recipients', Create with Audio's dictators, the account link's); jobs, recipients and accounts
 * that name it keep it. A physician merged into another stays disabled (409). Audited.
 */
export async function setPhysicianDisabled(
  ctx: AppContext,
  auth: Auth,
  cfId: number,
  physicianId: number,
  disabled: boolean,
  ip: string | null,
): Promise<DirectoryPhysician> {
  return referenceWrite(ctx, auth, cfId, async (tx, facility) => {
    const before = await requireDirectoryPhysician(tx, facility, physicianId);
    if (!disabled && before.mergedIntoId !== null)
      throw conflict(message('reference.physicians.mergedStaysDisabled'), 'physician_merged');
    const [row] = await tx
      .update(physicians)
      .set({ disabled })
      .where(eq(physicians.id, before.id))
      .returning();
    await auditReference(
      ctx,
      auth,
      facility,
      disabled ? 'physician.disable' : 'physician.enable',
      ip,
      { physicianId: before.id },
      tx,
    );
    return toDirectoryPhysician(tx, row!);
  });
}
