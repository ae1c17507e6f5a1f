/** The route table: every API path as the spec writes it (matched case-insensitively). */
export const API = {
  healthResults: '/api/healthcheck/results',
  openApi: '/api/docs/openapi.json',
} as const;
