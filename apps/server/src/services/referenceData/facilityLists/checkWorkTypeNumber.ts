import { message, workTypeNumberTaken } from '@quill/core';
import type { Db } from '../../../db/client.js';
import { conflict } from '../../../errors/domainErrors.js';
import type { Facility } from '../requireFacility.js';
import { numberNeighbours } from './facilityWorkTypes.js';

/**
 * 409 when `number` is taken by a work type the facility sees (for a shared work type: by any of
 * the structure's), other than `selfId`. Run under the reference lock, so no one adds it meanwhile.
 */
export async function checkWorkTypeNumber(
  tx: Db,
  facility: Facility,
  number: number,
  shared: boolean,
  selfId?: number,
): Promise<void> {
  const taken = workTypeNumberTaken(number, await numberNeighbours(tx, facility, shared), selfId);
  if (taken)
    throw conflict(
      message('reference.lists.workTypes.numberTaken', { number, name: taken.name }),
      'number_taken',
    );
}
