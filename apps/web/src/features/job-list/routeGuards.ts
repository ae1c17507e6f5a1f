import { resolveQueueName } from '@quill/core/rules/jobList/jobListQueue';
import { redirect } from '@tanstack/react-router';
import { showToast } from '../../app/toasts';
import { i18n } from '../../lib/i18n';
import { readStoredCorporateStructure, readStoredQueue } from './view/jobListStorage';

/**
 * /jobs: the corporate-structure chooser — unless a structure is already chosen (stored as
 * job-queue-cs), which opens its list. The list sends the user back here, with the stored choice
 * cleared, when that structure cannot be found.
 */
export function jobsBeforeLoad(): void {
  const cs = readStoredCorporateStructure();
  if (cs) throw redirect({ to: '/jobs/$cs', params: { cs }, replace: true });
}

/** Spec 01 §2: /jobs/{cs} goes to the stored queue name, then to pending. */
export function jobsCsBeforeLoad({ params }: { params: { cs: string } }): void {
  throw redirect({
    to: '/jobs/$cs/$joblisttype',
    params: { cs: params.cs, joblisttype: readStoredQueue() },
    replace: true,
  });
}

/**
 * Spec 01 §2/§4: an unknown joblisttype is replaced by pending with a warning (a redirect to the
 * same route); a known one in another letter case is put in lower case without one. A preload
 * (hovering a link) redirects too but warns nobody.
 */
export function jobListTypeBeforeLoad({
  params,
  preload,
}: {
  params: { cs: string; joblisttype: string };
  preload?: boolean;
}): void {
  const { queue, known } = resolveQueueName(params.joblisttype);
  if (queue === params.joblisttype) return;
  if (!known && !preload) {
    showToast(i18n.t('jobList.unknownQueue', { name: params.joblisttype }), {
      kind: 'warning',
      id: `unknown-queue-${params.joblisttype}`,
    });
  }
  throw redirect({
    to: '/jobs/$cs/$joblisttype',
    params: { cs: params.cs, joblisttype: queue },
    replace: true,
  });
}
