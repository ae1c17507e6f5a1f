// Bundles the server entry points into dist/ with esbuild; @quill/core is bundled from source,
// every other package stays an import from node_modules.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = dirname(fileURLToPath(import.meta.url));
const coreSrc = join(here, '..', '..', 'packages', 'core', 'src');

const bundleCore = {
  name: 'bundle-quill-core',
  setup(b) {
    b.onResolve({ filter: /^@quill\/core(\/.*)?$/ }, (args) => {
      const sub = args.path.slice('@quill/core'.length);
      return { path: sub ? join(coreSrc, `${sub.slice(1)}.ts`) : join(coreSrc, 'index.ts') };
    });
  },
};

await build({
  entryPoints: [
    'src/main.ts',
    'src/worker.ts',
    'src/migrate.ts',
    // The document threads (documents/pool): started from dist/documentWorker.js.
    'src/documentWorker.ts',
    'src/seed.ts',
    'src/users.ts',
    'src/fhirClients.ts',
    'src/importDocument.ts',
    'src/importAttachment.ts',
    'src/audit.ts',
    'src/hl7Receive.ts',
  ].map((p) => join(here, p)),
  outdir: join(here, 'dist'),
  bundle: true,
  splitting: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  sourcemap: true,
  plugins: [bundleCore],
  logLevel: 'warning',
});

function gitCommit() {
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], { cwd: here, encoding: 'utf8' }).trim();
  } catch {
    return null;
  }
}

const { version } = JSON.parse(readFileSync(join(here, '..', '..', 'package.json'), 'utf8'));
mkdirSync(join(here, 'dist'), { recursive: true });
writeFileSync(
  join(here, 'dist', 'build-info.json'),
  `${JSON.stringify({ version, commit: gitCommit(), builtAt: new Date().toISOString() }, null, 2)}\n`,
);
