import { randomBytes } from 'node:crypto';
import { link, mkdir, open, rename, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { assertSafeKey, type FaxMessage, type FaxTransport } from './faxTransport.js';

/** Writes a file under a temporary name and flushes it, so a rename or link publishes it whole. */
async function writeTemp(dir: string, name: string, bytes: Buffer | string): Promise<string> {
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

/**
 * The `outbox` transport (the default, ARCHITECTURE §3): each fax becomes `<key>.pdf` and a JSON
 * envelope `<key>.json` in DATA_DIR/fax-outbox, for a fax gateway to pick up (or a person to
 * look at, in a demo). The envelope is published last with an exclusive hard link, so it exists
 * only once and only with its PDF next to it: a retried task that finds it knows the fax left,
 * and two workers racing on one fax publish it once. Temporary files start with a dot.
 */
export function outboxTransport(dataDir: string): FaxTransport {
  const dir = join(dataDir, 'fax-outbox');
  const envelopeOf = (key: string) => join(dir, `${assertSafeKey(key)}.json`);
  const exists = (path: string) =>
    stat(path).then(
      () => true,
      (err: NodeJS.ErrnoException) => {
        if (err.code === 'ENOENT') return false;
        throw err;
      },
    );

  return {
    name: 'outbox',
    async findDelivered(key) {
      return (await exists(envelopeOf(key))) ? `fax-outbox/${key}.json` : null;
    },
    async send(m: FaxMessage) {
      const envelopePath = envelopeOf(m.key);
      await mkdir(dir, { recursive: true });
      const reference = `fax-outbox/${m.key}.json`;
      if (await exists(envelopePath)) return { reference };
      await rename(await writeTemp(dir, `${m.key}.pdf`, m.pdf), join(dir, `${m.key}.pdf`));
      const envelope = {
        version: 1,
        key: m.key,
        faxRecordId: m.faxRecordId,
        to: { name: m.recipientName, faxNumber: m.faxNumber },
        pages: m.pages,
        jobIds: m.jobIds,
        document: `${m.key}.pdf`,
        contentType: 'application/pdf',
        createdAt: new Date().toISOString(),
      };
      const tmp = await writeTemp(dir, `${m.key}.json`, `${JSON.stringify(envelope, null, 2)}\n`);
      try {
        await link(tmp, envelopePath);
      } catch (err) {
        // Another worker published this fax first: it left once, which is what counts.
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      } finally {
        await unlink(tmp).catch(() => undefined);
      }
      return { reference };
    },
  };
}
