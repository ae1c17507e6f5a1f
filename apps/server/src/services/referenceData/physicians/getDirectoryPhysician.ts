import type { DirectoryPhysician } from '@quill/core';
import type { AppContext } from '../../../context.js';
import type { Auth } from '../../auth/auth.js';
import { requireFacility } from '../requireFacility.js';
import { requireDirectoryPhysician, toDirectoryPhysician } from './directory.js';

/** GET /api/reference/{cfId}/physicians/{physicianId} (dictatorView): one physician of the facility's directory (404 otherwise). */
export async function getDirectoryPhysician(
  ctx: AppContext,
  auth: Auth,
  cfId: number,
  physicianId: number,
): Promise<DirectoryPhysician> {
  const facility = await requireFacility(ctx, auth, cfId);
  const { db } = ctx.database;
  return toDirectoryPhysician(db, await requireDirectoryPhysician(db, facility, physicianId));
}
