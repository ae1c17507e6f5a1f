import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderMarkdown } from './renderMarkdown.js';

/** docs/user-guide.md of the repository, found from this file whether bundled or not. */
function findUserGuide(): string | null {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 7; i++) {
    const candidate = join(dir, 'docs', 'user-guide.md');
    if (existsSync(candidate)) return candidate;
    dir = dirname(dir);
  }
  return null;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const STYLE = `body{font-family:system-ui,sans-serif;max-width:48rem;margin:2rem auto 4rem;padding:0 1rem;color:#1a1b1e;line-height:1.55}
h1{font-size:1.8rem}h2{margin-top:2rem;border-bottom:1px solid #dee2e6;padding-bottom:.25rem}
code{background:#f1f3f5;padding:.1rem .3rem;border-radius:3px}a{color:#1864ab}li{margin:.2rem 0}`;

let cached: string | null | undefined;

/**
 * Quill's user guide (docs/user-guide.md) as a whole HTML page, rendered once; null when the
 * installation has no docs/ folder.
 */
export function userGuidePage(title: string): string | null {
  if (cached !== undefined) return cached;
  const path = findUserGuide();
  cached = path
    ? `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)} - Quill</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>${STYLE}</style></head>
<body><main>
${renderMarkdown(readFileSync(path, 'utf8'))}
<p><a href="/">Back to Quill</a></p>
</main></body></html>
`
    : null;
  return cached;
}
