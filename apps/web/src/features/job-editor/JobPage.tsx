import { useParams } from '@tanstack/react-router';
import { JobView } from './JobView';

/** /job/{id}: the job view. Keyed by job so another job starts afresh. */
export function JobPage() {
  const { id } = useParams({ from: '/authed/job/$id' });
  return <JobView key={id} jobId={Number(id)} />;
}

/** /job/webedit/{id}/{tenant}: the job view in the external tenant edit mode. */
export function TenantEditPage() {
  const { id } = useParams({ from: '/authed/job/webedit/$id/$tenant' });
  return <JobView key={id} jobId={Number(id)} tenant />;
}
