import { JOB_LIST } from '../../contract/endpoints/jobList.js';
import type { QueueName } from '../settings/constants.js';

/*
 * Apart from jobListQueue.ts because it reads the endpoint table (and so the list's schemas): the
 * queue-name rules are needed by the app's route guards, which must stay light.
 */

/** Which call lists a queue's rows (spec 01 §7 "Jobs and list"), before corpId and cfs are added. */
export interface QueueListCall {
  /** The path of the call's endpoint: JOB_LIST distribution, holdQueue or allJobs. */
  path: (typeof JOB_LIST)['distribution' | 'holdQueue' | 'allJobs']['path'];
  query: Record<string, string>;
}

/** pending and failed come from dist with a status, hq from him, all from alljobs. */
export function queueListCall(queue: QueueName): QueueListCall {
  switch (queue) {
    case 'pending':
      return { path: JOB_LIST.distribution.path, query: { status: 'PENDING' } };
    case 'failed':
      return { path: JOB_LIST.distribution.path, query: { status: 'FAILED' } };
    case 'hq':
      return { path: JOB_LIST.holdQueue.path, query: {} };
    case 'all':
      return { path: JOB_LIST.allJobs.path, query: {} };
  }
}
