import { type Endpoint, endpoint } from '../endpoint.js';
import {
  DirectoryPhysicianParamsSchema,
  DirectoryPhysicianRequestSchema,
  DirectoryPhysicianSchema,
  MergePhysicianRequestSchema,
  MergePhysicianResultSchema,
  PhysicianChoicesQuerySchema,
  PhysicianChoicesSchema,
  PhysicianDirectoryPageSchema,
  PhysicianDirectoryQuerySchema,
} from '../physicianDirectory.js';
import { FacilityIdParamsSchema } from '../referenceData.js';

const tags = ['reference'];

/**
 * The physician directory of a client facility (issue 26; reading needs dictatorView, changing
 * dictatorAdd), and the physicians a dictator account of a company may be linked to.
 */
export const PHYSICIAN_DIRECTORY = {
  search: endpoint({
    method: 'GET',
    path: '/api/reference/{cfId}/physicians',
    tags,
    params: FacilityIdParamsSchema,
    query: PhysicianDirectoryQuerySchema,
    answer: PhysicianDirectoryPageSchema,
  }),
  physician: endpoint({
    method: 'GET',
    path: '/api/reference/{cfId}/physicians/{physicianId}',
    tags,
    params: DirectoryPhysicianParamsSchema,
    answer: DirectoryPhysicianSchema,
  }),
  add: endpoint({
    method: 'POST',
    path: '/api/reference/{cfId}/physicians',
    tags,
    params: FacilityIdParamsSchema,
    body: DirectoryPhysicianRequestSchema,
    answer: DirectoryPhysicianSchema,
  }),
  save: endpoint({
    method: 'POST',
    path: '/api/reference/{cfId}/physicians/{physicianId}',
    tags,
    params: DirectoryPhysicianParamsSchema,
    body: DirectoryPhysicianRequestSchema,
    answer: DirectoryPhysicianSchema,
  }),
  disable: endpoint({
    method: 'POST',
    path: '/api/reference/{cfId}/physicians/{physicianId}/disable',
    tags,
    summary: 'Leaves the physician out of every search that offers a physician for a new choice',
    params: DirectoryPhysicianParamsSchema,
    answer: DirectoryPhysicianSchema,
  }),
  enable: endpoint({
    method: 'POST',
    path: '/api/reference/{cfId}/physicians/{physicianId}/enable',
    tags,
    params: DirectoryPhysicianParamsSchema,
    answer: DirectoryPhysicianSchema,
  }),
  merge: endpoint({
    method: 'POST',
    path: '/api/reference/{cfId}/physicians/{physicianId}/merge',
    tags,
    summary: 'Moves everything that names the duplicate to this physician, then disables the duplicate',
    params: DirectoryPhysicianParamsSchema,
    body: MergePhysicianRequestSchema,
    answer: MergePhysicianResultSchema,
  }),
  linkChoices: endpoint({
    method: 'GET',
    path: '/api/reference/physicianChoices',
    tags,
    summary: 'Enabled physicians of a company by name, for linking a dictator account',
    query: PhysicianChoicesQuerySchema,
    answer: PhysicianChoicesSchema,
  }),
} satisfies Record<string, Endpoint>;
