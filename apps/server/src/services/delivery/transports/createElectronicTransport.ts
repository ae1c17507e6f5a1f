import { join } from 'node:path';
import type { OutboundInterface } from '@quill/core';
import type { AppContext } from '../../../context.js';
import { loadInterfacesFile } from '../../../interop/interfacesFile.js';
import { mllpElectronicTransport } from '../../../interop/outbound/mllpElectronicTransport.js';
import type { ElectronicTransport } from './electronicTransport.js';
import { outboxElectronicTransport } from './outboxElectronicTransport.js';

/**
 * The electronic transport of the configuration: the outbound HL7 interfaces of
 * HL7_INTERFACES_FILE (issue 44) for the facilities they map, the outbox (ELECTRONIC_OUTBOX_DIR or
 * DATA_DIR/electronic-outbox) for every other.
 */
export async function createElectronicTransport(ctx: AppContext): Promise<ElectronicTransport> {
  const { config } = ctx;
  const outbox = outboxElectronicTransport(
    config.ELECTRONIC_OUTBOX_DIR ?? join(config.dataDir, 'electronic-outbox'),
  );
  const file = loadInterfacesFile(config.HL7_INTERFACES_FILE);
  const outbound = file.interfaces.filter((i): i is OutboundInterface => i.direction === 'out');
  return outbound.length ? mllpElectronicTransport(ctx, outbound, outbox) : outbox;
}
