import { PROFILE_PATH, USER_ADD_PATH, USERS_PATH } from '@quill/core/rules/settings/navigation';
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.js';

/** Spec 01 §2 "Legacy pages": paths the navigation opens on the legacy host, with their titles. */
export const LEGACY_PAGES = [
  { path: '/job/search', title: 'Job Search', spaPath: '/search' },
  { path: '/ambulatory/uploadadt', title: 'Patient upload', spaPath: '/patient/upload' },
  { path: '/job/createwithaudio', title: 'Create with Audio', spaPath: '/audio/create' },
  { path: '/users/user.aspx', title: 'Users', spaPath: '/users' },
  { path: '/search/job/jobdetails.aspx', title: 'Job details', spaPath: '/job/' },
] as const;

/**
 * Where a rebuilt legacy page opens in Quill: the job details page opens the job (ID=…); the users
 * page opens Add user (ACT=ADD), My Profile (ACT=MYPROFILE) or Search users.
 */
function spaTarget(spaPath: string, query: unknown): string {
  if (spaPath === '/users') {
    const act = String((query as { ACT?: unknown }).ACT ?? '').toUpperCase();
    return act === 'ADD' ? USER_ADD_PATH : act === 'MYPROFILE' ? PROFILE_PATH : USERS_PATH;
  }
  if (spaPath !== '/job/') return spaPath;
  const id = String((query as { ID?: unknown; id?: unknown }).ID ?? (query as { id?: unknown }).id ?? '');
  return /^\d{1,18}$/.test(id) ? `/job/${id}` : '/search';
}

/**
 * When no LEGACY_BASE_URL is configured, the legacy host is this server: every legacy page the
 * navigation or the job list links to has been rebuilt in Quill, and its legacy path redirects to
 * the SPA page (Create with Audio, Job Search, Patient upload, a job's details, the users pages and
 * My Profile), so bookmarks keep working and the navigation has no dead links.
 */
export const legacyPages =
  (ctx: AppContext): FastifyPluginAsync =>
  async (app) => {
    if (ctx.config.LEGACY_BASE_URL) return;
    for (const legacy of LEGACY_PAGES) {
      app.get(legacy.path, { schema: { hide: true } }, async (req, reply) =>
        reply.header('Cache-Control', 'no-store').redirect(spaTarget(legacy.spaPath, req.query), 302),
      );
    }
  };
