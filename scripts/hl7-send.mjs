// npm run hl7:send FILE [--host HOST] [--port PORT]: sends each HL7 v2 message of FILE over MLLP
// (@medplum/hl7's client, one connection, one message at a time) and prints each ACK's code and
// reason. A message starts at each line beginning "MSH"; LF, CRLF or CR end segments. Defaults:
// 127.0.0.1, port 2575 (the demo's loopback ADT interface, scripts/hl7/demo-interfaces.json).
// Exits 1 when a message is not acknowledged AA.
import { readFileSync } from 'node:fs';
import { Hl7Message } from '@medplum/core';
import { Hl7Client } from '@medplum/hl7';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(`--${name}`);
  if (at < 0) return fallback;
  const value = args[at + 1];
  args.splice(at, 2);
  return value;
};
const host = option('host', '127.0.0.1');
const port = Number(option('port', '2575'));
const [file] = args;
if (!file || !Number.isInteger(port)) {
  process.stderr.write('usage: npm run hl7:send FILE [--host HOST] [--port PORT]\n');
  process.exit(2);
}

/** The messages of a file: each starts at a line beginning "MSH"; blank lines are skipped. */
export function splitMessages(text) {
  const out = [];
  for (const line of text.split(/\r\n|\r|\n/)) {
    if (!line.trim()) continue;
    if (line.startsWith('MSH')) out.push([line]);
    else out.at(-1)?.push(line);
  }
  return out.map((segments) => segments.join('\r'));
}

const messages = splitMessages(readFileSync(file, 'utf8'));
const client = new Hl7Client({ host, port, connectTimeout: 10_000 });
let failed = 0;
try {
  for (const text of messages) {
    const message = Hl7Message.parse(text);
    const msh = message.getSegment('MSH');
    const label = `${msh?.getField(10).toString()} ${msh?.getField(9).toString()}`;
    try {
      const ack = await client.sendAndWait(message, { timeoutMs: 30_000 });
      const msa = ack.getSegment('MSA');
      const code = msa?.getField(1).toString() ?? '?';
      const reason = msa?.getField(3).toString() ?? '';
      if (code !== 'AA') failed++;
      process.stdout.write(`${label.padEnd(32)} ${code}${reason ? `  ${reason}` : ''}\n`);
    } catch (err) {
      failed++;
      process.stdout.write(`${label.padEnd(32)} no ACK: ${err.message}\n`);
    }
  }
} catch (err) {
  process.stderr.write(`hl7:send could not reach ${host}:${port}: ${err.message}\n`);
  failed++;
} finally {
  await client.close();
}
process.stdout.write(
  `${messages.length} message(s) sent to ${host}:${port}, ${messages.length - failed} AA\n`,
);
process.exit(failed ? 1 : 0);
