import { mkdir, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { assertSafeKey } from '../../fax/transports/faxTransport.js';
import { fileExists, publishEnvelopeOnce, writeTemp } from '../../fax/transports/outboxFiles.js';
import type { ElectronicMessage, ElectronicTransport } from './electronicTransport.js';

/**
 * The electronic outbox (issue 43, until the interface of issue 44): each delivery becomes
 * `<key>.xml` (the CDA, when the job has one), `<key>.pdf` and a JSON envelope `<key>.json` in
 * `dir`, the envelope published last and exactly once (as the fax outbox does), so a retried task
 * that finds it knows the delivery left. Temporary files start with a dot.
 */
export function outboxElectronicTransport(dir: string): ElectronicTransport {
  const envelopeOf = (key: string) => join(dir, `${assertSafeKey(key)}.json`);
  const referenceOf = (key: string) => `electronic-outbox/${key}.json`;
  return {
    name: 'outbox',
    async findDelivered(key) {
      return (await fileExists(envelopeOf(key))) ? referenceOf(key) : null;
    },
    async send(m: ElectronicMessage) {
      const envelopePath = envelopeOf(m.key);
      await mkdir(dir, { recursive: true });
      if (await fileExists(envelopePath)) return { reference: referenceOf(m.key) };
      if (m.cda) await rename(await writeTemp(dir, `${m.key}.xml`, m.cda), join(dir, `${m.key}.xml`));
      await rename(await writeTemp(dir, `${m.key}.pdf`, m.pdf), join(dir, `${m.key}.pdf`));
      const envelope = {
        version: 1,
        key: m.key,
        deliveryId: m.deliveryId,
        jobId: m.jobId,
        to: { name: m.recipientName },
        preliminary: m.preliminary,
        // Issue 43: an addendum replaces the version sent before (issue 44 maps it to MDM^T10).
        ...(m.addendumOfVersion !== null ? { addendumOf: m.addendumOfVersion } : {}),
        documents: [
          ...(m.cda ? [{ file: `${m.key}.xml`, contentType: 'application/xml' }] : []),
          { file: `${m.key}.pdf`, contentType: 'application/pdf' },
        ],
        createdAt: new Date().toISOString(),
      };
      await publishEnvelopeOnce(dir, envelopePath, `${m.key}.json`, `${JSON.stringify(envelope, null, 2)}\n`);
      return { reference: referenceOf(m.key) };
    },
  };
}
