// Builds the web app and the server bundle when they are missing or older than their sources.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

function newest(path) {
  if (!existsSync(path)) return 0;
  const s = statSync(path);
  if (!s.isDirectory()) return s.mtimeMs;
  let latest = 0;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    latest = Math.max(latest, newest(join(path, entry)));
  }
  return latest;
}

function stale(output, sources) {
  if (!existsSync(output)) return true;
  const built = statSync(output).mtimeMs;
  return sources.some((s) => newest(join(root, s)) > built);
}

function run(label, args) {
  process.stdout.write(`Building ${label}…\n`);
  const r = spawnSync('npm', args, { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`Building ${label} failed`);
}

/** Builds what is missing or out of date; answers nothing, throws when a build fails. */
export function ensureBuilt() {
  const core = ['packages/core/src'];
  if (
    stale(join(root, 'apps/web/dist/index.html'), [
      'apps/web/src',
      'apps/web/index.html',
      'apps/web/wopi-client.html',
      ...core,
    ])
  ) {
    run('the web app', ['run', 'build', '-w', '@quill/web']);
  }
  if (stale(join(root, 'apps/server/dist/main.js'), ['apps/server/src', 'apps/server/drizzle', ...core])) {
    run('the server', ['run', 'build', '-w', '@quill/server']);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    ensureBuilt();
  } catch (err) {
    process.stderr.write(`${err.message}\n`);
    process.exit(1);
  }
}
