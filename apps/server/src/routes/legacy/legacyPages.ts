import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.js';

/** Spec 01 §2 "Legacy pages": paths the navigation opens on the legacy host, with their titles. */
export const LEGACY_PAGES = [
  { path: '/job/search', title: 'Job Search', spaPath: '/search' },
  { path: '/ambulatory/uploadadt', title: 'Patient upload', spaPath: '/patient/upload' },
  { path: '/job/createwithaudio', title: 'Create with Audio', spaPath: '/audio/create' },
  { path: '/users/user.aspx', title: 'Users' },
  { path: '/search/job/jobdetails.aspx', title: 'Job details', spaPath: '/job/' },
] as const;

/** Where a rebuilt legacy page opens in Quill: the job details page opens the job (ID=…). */
function spaTarget(spaPath: string, query: unknown): string {
  if (spaPath !== '/job/') return spaPath;
  const id = String((query as { ID?: unknown; id?: unknown }).ID ?? (query as { id?: unknown }).id ?? '');
  return /^\d{1,18}$/.test(id) ? `/job/${id}` : '/search';
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function page(title: string): string {
  const t = escapeHtml(title);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${t} - Quill</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;color:#1a1b1e;line-height:1.5}
code{background:#f1f3f5;padding:.1rem .3rem;border-radius:3px}</style></head>
<body><h1>${t}</h1>
<p>This page belongs to the legacy system, which is not connected to this Quill installation.</p>
<p>To open it from Quill, set <code>LEGACY_BASE_URL</code> to the address of your legacy host and restart Quill;
its links then open this page there.</p>
<p><a href="/">Back to Quill</a></p></body></html>
`;
}

/**
 * When no LEGACY_BASE_URL is configured, the legacy host is this server: a legacy page Quill has
 * rebuilt (Create with Audio, Job Search, Patient upload, a job's details) redirects to its SPA page; every other legacy path answers a page
 * saying where it belongs and how to configure it, so our navigation has no dead links.
 */
export const legacyPages =
  (ctx: AppContext): FastifyPluginAsync =>
  async (app) => {
    if (ctx.config.LEGACY_BASE_URL) return;
    for (const legacy of LEGACY_PAGES) {
      app.get(legacy.path, { schema: { hide: true } }, async (req, reply) =>
        'spaPath' in legacy
          ? reply.header('Cache-Control', 'no-store').redirect(spaTarget(legacy.spaPath, req.query), 302)
          : reply
              .type('text/html; charset=utf-8')
              .header('Cache-Control', 'no-store')
              .send(page(legacy.title)),
      );
    }
  };
