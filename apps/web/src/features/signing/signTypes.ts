import type { ReauthOutcome, ToSignRow } from '@quill/core/contract/signing';
import type { signJobs } from './signingApi';

/** A job to sign: its id and the version the signer read. */
export type JobToSign = Pick<ToSignRow, 'jobId' | 'version'>;
export type SignResult = Awaited<ReturnType<typeof signJobs>>;

export interface SignModalProps {
  /** The jobs to sign; null: the dialog is closed. */
  jobs: readonly JobToSign[] | null;
  onClose: () => void;
  /** Every job was signed (the toast has said so). */
  onSigned: (result: SignResult) => void;
  /** A job changed since it was read (409): nothing was signed; read the jobs again. */
  onChanged?: () => void;
  /**
   * The dialog opens again on the page's return from the identity provider (a user without a
   * password): confirmed — it signs at once; otherwise it says why nothing was signed.
   */
  returned?: ReauthOutcome | null;
  /** The page the identity provider sends the user back to (default: this one). */
  returnPath?: string;
}
