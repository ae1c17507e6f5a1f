import { randomBytes } from 'node:crypto';
import { link, open, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';

/** Writes a file under a temporary name and flushes it, so a rename or link publishes it whole. */
export async function writeTemp(dir: string, name: string, bytes: Buffer | string): Promise<string> {
  const tmp = join(dir, `.${name}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  const file = await open(tmp, 'wx');
  try {
    await file.writeFile(bytes);
    await file.sync();
  } finally {
    await file.close();
  }
  return tmp;
}

/** Whether a file exists (other errors than "not there" are thrown). */
export function fileExists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    (err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return false;
      throw err;
    },
  );
}

/**
 * Publishes an envelope once: written to a temporary file, then hard-linked to `path` exclusively,
 * so it exists only whole and only once — a second writer (a retried task, another worker racing
 * on the same item) finds it there and leaves it.
 */
export async function publishEnvelopeOnce(dir: string, path: string, name: string, text: string) {
  const tmp = await writeTemp(dir, name, text);
  try {
    await link(tmp, path);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  } finally {
    await unlink(tmp).catch(() => undefined);
  }
}
