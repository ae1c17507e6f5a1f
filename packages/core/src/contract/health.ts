import { z } from 'zod';

/** Spec 02 §3 "Health check result": one check and whether it passed. */
export const HealthCheckResultSchema = z.object({
  name: z.string().describe('What was checked, e.g. "Database"'),
  result: z.boolean().describe('true when the check passed'),
  required: z.boolean().describe('false for optional tools: a missing one does not fail the service'),
  detail: z
    .string()
    .describe(
      'What was found, in words (never patient data); to anyone else than a manager only passed or failed',
    ),
});

/** Answer of GET /api/healthcheck/results (spec 02 §7). */
export const HealthCheckResponseSchema = z.object({
  applicationName: z.string(),
  machineName: z
    .string()
    .optional()
    .describe('The server host; only for a signed-in manager (issue 23), like every check detail'),
  version: z.string(),
  results: z.array(HealthCheckResultSchema),
});
export type HealthCheckResult = z.infer<typeof HealthCheckResultSchema>;
export type HealthCheckResponse = z.infer<typeof HealthCheckResponseSchema>;
