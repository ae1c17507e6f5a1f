import { type PersonName, personDisplayName } from '../recipients/recipientName.js';

/**
 * The signer as a signature line names them (issue 43): the physician's signature block when set —
 * its lines as one line, joined by commas ("Eleanor Park, MD, Family Medicine") — else the
 * physician's name.
 */
export function signerName(signatureBlock: string | null | undefined, person: PersonName): string {
  const lines = (signatureBlock ?? '')
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  return lines.length ? lines.join(', ') : personDisplayName(person);
}
