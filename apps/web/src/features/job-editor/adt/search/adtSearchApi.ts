import type { AcceptAdtRequest, AdtSearchRequest } from '@quill/core/contract/adt/adt';
import { ADT } from '@quill/core/contract/endpoints/adt';
import { callJobApi } from '../../jobApi';

/** searchadt (spec 02 §7): the structure's patients matching the search's non-empty fields. */
export const searchAdt = (body: AdtSearchRequest) => callJobApi(ADT.search, { body });

/** Accept ADT (spec 02 §7): stores the chosen patient, visit and orders into the job; answers its ADT. */
export const acceptAdt = (body: AcceptAdtRequest) => callJobApi(ADT.accept, { body });
