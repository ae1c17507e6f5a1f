import { type Endpoint, endpoint } from '../endpoint.js';
import { ProductivityQuerySchema, ProductivitySchema } from '../productivity.js';

/** My productivity (issue 27): the signed-in account's own figures. */
export const PRODUCTIVITY = {
  /** Jobs done today, lines per hour and average turnaround of the account the session works as. */
  me: endpoint({
    method: 'GET',
    path: '/api/productivity/me',
    tags: ['productivity'],
    query: ProductivityQuerySchema,
    answer: ProductivitySchema,
  }),
} satisfies Record<string, Endpoint>;
