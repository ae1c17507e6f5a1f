import { join } from 'node:path';
import type { Config } from '../../../config.js';
import type { ElectronicTransport } from './electronicTransport.js';
import { outboxElectronicTransport } from './outboxElectronicTransport.js';

/** The electronic transport of the configuration: the outbox (ELECTRONIC_OUTBOX_DIR or DATA_DIR/electronic-outbox). */
export function createElectronicTransport(
  config: Pick<Config, 'ELECTRONIC_OUTBOX_DIR' | 'dataDir'>,
): ElectronicTransport {
  return outboxElectronicTransport(config.ELECTRONIC_OUTBOX_DIR ?? join(config.dataDir, 'electronic-outbox'));
}
