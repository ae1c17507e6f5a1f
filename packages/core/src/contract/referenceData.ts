import { z } from 'zod';
import { queryId } from './ids.js';

/** Issue 26: the facilities whose reference data the account may see, and the facility in a path. */

/** `{cfId}` of every reference data path: a client facility of the account's structures (else 404). */
export const FacilityIdParamsSchema = z.object({ cfId: queryId('cfId') });
export type FacilityIdParams = z.infer<typeof FacilityIdParamsSchema>;

export const ReferenceFacilitySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  corporateStructureId: z.number().int(),
  corporateStructure: z.string(),
});
export type ReferenceFacility = z.infer<typeof ReferenceFacilitySchema>;

/** GET /api/reference/facilities: the facilities of the account's structures, and whether it may change them. */
export const ReferenceFacilitiesSchema = z.object({
  facilities: z.array(ReferenceFacilitySchema),
  canEdit: z.boolean(),
});
export type ReferenceFacilities = z.infer<typeof ReferenceFacilitiesSchema>;
