import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from './config.js';
import { startMdmReceiver } from './interop/outbound/mdmReceiver.js';

const USAGE = `Demo MDM receiver (issue 44): listens for HL7 v2 over MLLP, answers AA and writes each
message to DATA_DIR/mdm-received/<MSH-10>.hl7 (and the PDF of OBX-5 to <MSH-10>.pdf).
  npm run hl7:receive [-- --port 2576]`;

/** `npm run hl7:receive [-- --port P]`: runs until stopped (Ctrl-C). */
async function main() {
  const { values } = parseArgs({ options: { port: { type: 'string' }, help: { type: 'boolean' } } });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const port = Number(values.port ?? 2576);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`--port ${values.port}: not a port`);
  const dir = join(loadConfig().dataDir, 'mdm-received');
  const receiver = await startMdmReceiver({
    port,
    dir,
    onMessage: (m) => process.stdout.write(`${new Date().toISOString()} ${m.type} ${m.controlId} → AA\n`),
  });
  process.stdout.write(`Listening for MLLP on port ${receiver.port}; writing to ${dir}\n`);
  const stop = () => void receiver.stop().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err: Error) => {
  process.stderr.write(`${err.message}\n`);
  process.exit(1);
});
