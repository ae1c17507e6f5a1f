import type { DomainErrorKind } from '../../errors/domainErrors.js';

/** FHIR's IssueType codes this server answers with (http://hl7.org/fhir/R4/valueset-issue-type.html). */
export type IssueCode =
  | 'invalid'
  | 'login'
  | 'forbidden'
  | 'not-found'
  | 'not-supported'
  | 'too-long'
  | 'conflict'
  | 'processing'
  | 'throttled'
  | 'transient'
  | 'exception';

/** The issue code that says what a domain refusal means, in FHIR's words. */
export const ISSUE_OF_KIND: Record<DomainErrorKind, IssueCode> = {
  invalid: 'invalid',
  unauthenticated: 'login',
  forbidden: 'forbidden',
  notFound: 'not-found',
  conflict: 'conflict',
  preconditionFailed: 'conflict',
  tooLarge: 'too-long',
  unprocessable: 'processing',
  unavailable: 'transient',
  throttled: 'throttled',
  notImplemented: 'not-supported',
};

/** An OperationOutcome of one issue: every error of the FHIR API is answered as one. */
export function operationOutcome(
  code: IssueCode,
  diagnostics: string,
  severity: 'error' | 'fatal' = 'error',
) {
  return { resourceType: 'OperationOutcome' as const, issue: [{ severity, code, diagnostics }] };
}
