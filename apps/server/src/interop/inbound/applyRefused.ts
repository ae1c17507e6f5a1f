import type { Hl7ErrorCode } from './ack.js';

/**
 * A message that cannot be applied (answered AE, or AR when `reject`): the reason in words for
 * MSA-3/ERR-8 and the log (never patient data), and the ERR-3 code.
 */
export class ApplyRefused extends Error {
  constructor(
    readonly reason: string,
    readonly error: Hl7ErrorCode,
    readonly reject = false,
  ) {
    super(reason);
    this.name = 'ApplyRefused';
  }
}
