import { type Endpoint, endpoint } from '../endpoint.js';
import { ReferenceFacilitiesSchema } from '../referenceData.js';

/** The Reference data page's facility choice (issue 26; reading needs dictatorView). */
export const REFERENCE = {
  facilities: endpoint({
    method: 'GET',
    path: '/api/reference/facilities',
    tags: ['reference'],
    answer: ReferenceFacilitiesSchema,
  }),
} satisfies Record<string, Endpoint>;
