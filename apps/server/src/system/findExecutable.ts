import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

/** The full path of the first of `names` found on PATH as an executable, or null. */
export function findExecutable(names: readonly string[], path = process.env.PATH ?? ''): string | null {
  for (const dir of path.split(delimiter).filter(Boolean)) {
    for (const name of names) {
      const candidate = join(dir, name);
      try {
        accessSync(candidate, constants.X_OK);
        return candidate;
      } catch {
        // not here
      }
    }
  }
  return null;
}
