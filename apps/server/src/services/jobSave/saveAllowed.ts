import { HIM_COMPONENT_TYPE, message, SAVE_MODES } from '@quill/core';
import { forbidden, invalid } from '../../errors/domainErrors.js';
import type { Auth } from '../auth/auth.js';
import type { SaveRequest } from './saveRequest.js';

/**
 * What a save may do at all, checked before anything is written: a text edit (CDA edits or a
 * whole Word document) needs the permission to edit text (403); Finish is for HIM jobs only (400;
 * `job` is the job as read before the transaction, or undefined when the save reads none).
 */
export function refuseSaveNotAllowed(
  auth: Pick<Auth, 'permissions'>,
  req: Pick<SaveRequest, 'cda' | 'docx' | 'mode'>,
  job: { componentType: string } | undefined,
): void {
  if ((req.cda || req.docx) && !auth.permissions.has('jobEditText'))
    throw forbidden(message('job.noEditTextPermission'));
  if (job && req.mode === SAVE_MODES.finish && job.componentType.toUpperCase() !== HIM_COMPONENT_TYPE)
    throw invalid(message('job.finishNotHim'));
}
