import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const serverRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const coreSrc = join(serverRoot, '..', '..', 'packages', 'core', 'src');

/**
 * Bundles the server's entry points (main.js, worker.js, migrate.js) from the current sources the way
 * build.mjs does, into a private folder under apps/server/dist, so a test can run them as child
 * processes (and kill them) without touching the real build other runs may be using. The
 * folder sits under apps/server so the bundle finds node_modules, migrations and fonts.
 */
export async function buildServerBundle(): Promise<{ dir: string; dispose(): Promise<void> }> {
  const { build } = await import('esbuild');
  const dir = join(serverRoot, 'dist', `test-bundle-${randomBytes(4).toString('hex')}`);
  await build({
    // documentWorker.js: the document threads (documents/pool) start from it, next to the chunks.
    entryPoints: ['src/main.ts', 'src/worker.ts', 'src/migrate.ts', 'src/documentWorker.ts'].map((p) =>
      join(serverRoot, p),
    ),
    outdir: dir,
    bundle: true,
    splitting: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    packages: 'external',
    logLevel: 'warning',
    plugins: [
      {
        name: 'bundle-quill-core',
        setup(b) {
          b.onResolve({ filter: /^@quill\/core(\/.*)?$/ }, (args) => {
            const sub = args.path.slice('@quill/core'.length);
            return { path: sub ? join(coreSrc, `${sub.slice(1)}.ts`) : join(coreSrc, 'index.ts') };
          });
        },
      },
    ],
  });
  return { dir, dispose: () => rm(dir, { recursive: true, force: true }) };
}
