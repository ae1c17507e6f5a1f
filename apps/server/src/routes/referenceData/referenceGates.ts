import { REFERENCE_EDIT_PERMISSION, REFERENCE_VIEW_PERMISSION } from '@quill/core';
import { requirePermission } from '../../http/session.js';

/** Reference data routes (issue 26): reading needs dictatorView, changing dictatorAdd (403 otherwise). */
export const REFERENCE_VIEW = { preHandler: requirePermission(REFERENCE_VIEW_PERMISSION) };
export const REFERENCE_EDIT = { preHandler: requirePermission(REFERENCE_EDIT_PERMISSION) };
