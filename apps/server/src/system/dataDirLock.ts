import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The embedded database may be opened by one process only. Takes DATA_DIR/quill.pid for this
 * process (a stale file of a dead process is taken over); throws a clear error when a live process
 * holds it. Answers the release function.
 */
export function lockDataDir(dataDir: string): () => void {
  const file = join(dataDir, 'quill.pid');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(file, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number(readFileSync(file, 'utf8').trim());
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && alive(pid)) {
        throw new Error(
          `Another Quill process (pid ${pid}) is using ${dataDir}. The embedded database allows one process: stop it first, or use DATABASE_URL.`,
        );
      }
      rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not lock ${dataDir}`);
}
