import { mkdir, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { assertSafeKey, type FaxMessage, type FaxTransport } from './faxTransport.js';
import { fileExists as exists, publishEnvelopeOnce, writeTemp } from './outboxFiles.js';

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
      // Another worker publishing this fax first means it left once, which is what counts.
      await publishEnvelopeOnce(dir, envelopePath, `${m.key}.json`, `${JSON.stringify(envelope, null, 2)}\n`);
      return { reference };
    },
  };
}
