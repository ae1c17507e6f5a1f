import { z } from 'zod';

/** ARCHITECTURE §5: the one error shape every failed API call answers with. */
export const ApiErrorSchema = z.object({
  error: z.object({
    code: z.string().describe('Stable machine-readable code, e.g. not_found, bad_request'),
    message: z.string().describe('A sentence the user can act on'),
    /** What a caller needs to act on a refusal of some codes (e.g. document_patient_differs); never logged. */
    details: z.unknown().optional(),
  }),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;

/** Error codes by HTTP status (ARCHITECTURE §5). */
export const ERROR_CODES = {
  400: 'bad_request',
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  412: 'precondition_failed',
  413: 'too_large',
  415: 'unsupported_media_type',
  422: 'unprocessable',
  429: 'too_many_requests',
  500: 'internal',
  501: 'not_implemented',
  503: 'unavailable',
} as const;
