import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface BuildInfo {
  version: string;
  commit: string | null;
  builtAt: string | null;
}

let cached: BuildInfo | undefined;

/** Version and commit written by the build next to the bundle; the package version otherwise. */
export function buildInfo(override?: string): BuildInfo {
  if (cached && !override) return cached;
  let dir = dirname(fileURLToPath(import.meta.url));
  let info: BuildInfo = { version: '0.0.0', commit: null, builtAt: null };
  for (let i = 0; i < 5; i++) {
    const built = join(dir, 'dist', 'build-info.json');
    const here = join(dir, 'build-info.json');
    const file = existsSync(here) ? here : existsSync(built) ? built : null;
    if (file) {
      info = JSON.parse(readFileSync(file, 'utf8')) as BuildInfo;
      break;
    }
    const pkg = join(dir, 'package.json');
    if (existsSync(pkg) && dir.endsWith('server')) {
      info = { ...info, version: (JSON.parse(readFileSync(pkg, 'utf8')) as { version: string }).version };
      break;
    }
    dir = dirname(dir);
  }
  if (override) return { ...info, version: override };
  cached = info;
  return info;
}

/** The version string shown as "Build": version plus the short commit when known. */
export function buildLabel(info: BuildInfo): string {
  return info.commit ? `${info.version} (${info.commit.slice(0, 10)})` : info.version;
}
