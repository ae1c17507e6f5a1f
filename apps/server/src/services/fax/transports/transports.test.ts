import { chmod, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FaxMessage } from './faxTransport.js';
import { PermanentFaxError } from './faxTransport.js';
import { hylafaxTransport } from './hylafaxTransport.js';
import { outboxTransport } from './outboxTransport.js';
import { smtpTransport } from './smtpTransport.js';

const message = (over: Partial<FaxMessage> = {}): FaxMessage => ({
  key: '0b7c3c1e-2f55-4a8e-9d8e-6f4a1c2b3d4e',
  faxRecordId: 7,
  faxNumber: '2015550101',
  recipientName: 'Dr. Olivia Walsh',
  pdf: Buffer.from('%PDF-1.7 test fax'),
  pages: 3,
  jobIds: [11, 12],
  ...over,
});

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'quill-fax-transports-'));
});
afterAll(async () => rm(dir, { recursive: true, force: true }));

describe('outbox transport', () => {
  it('writes the PDF and a JSON envelope named by the key, and finds them again', async () => {
    const data = join(dir, 'outbox-1');
    const t = outboxTransport(data);
    expect(await t.findDelivered(message().key)).toBeNull();
    expect(await t.send(message())).toEqual({ reference: `fax-outbox/${message().key}.json` });
    const files = (await readdir(join(data, 'fax-outbox'))).sort();
    expect(files).toEqual([`${message().key}.json`, `${message().key}.pdf`]);
    expect(await readFile(join(data, 'fax-outbox', `${message().key}.pdf`), 'utf8')).toBe(
      '%PDF-1.7 test fax',
    );
    const envelope = JSON.parse(await readFile(join(data, 'fax-outbox', `${message().key}.json`), 'utf8'));
    expect(envelope).toMatchObject({
      version: 1,
      key: message().key,
      faxRecordId: 7,
      to: { name: 'Dr. Olivia Walsh', faxNumber: '2015550101' },
      pages: 3,
      jobIds: [11, 12],
      document: `${message().key}.pdf`,
    });
    expect(await t.findDelivered(message().key)).toBe(`fax-outbox/${message().key}.json`);
  });

  it('publishes a fax once when several workers send it at the same moment, leaving no temporary files', async () => {
    const data = join(dir, 'outbox-2');
    const t = outboxTransport(data);
    await Promise.all(Array.from({ length: 8 }, () => t.send(message())));
    expect((await readdir(join(data, 'fax-outbox'))).sort()).toEqual([
      `${message().key}.json`,
      `${message().key}.pdf`,
    ]);
  });

  it('refuses a key that is not safe as a file name', async () => {
    await expect(outboxTransport(dir).send(message({ key: '../../etc/passwd' }))).rejects.toThrow(
      'invalid fax',
    );
  });
});

describe('hylafax transport (fake sendfax and faxstat on disk)', () => {
  /** Fake HylaFAX client commands: sendfax appends its arguments to a log, faxstat lists tags. */
  const fakes = async (sendfaxExit = 0) => {
    const bin = await mkdtemp(join(dir, 'bin-'));
    const log = join(bin, 'submitted.log');
    await writeFile(
      join(bin, 'sendfax'),
      `#!/bin/sh\necho "$@" >> "${log}"\nif [ ${sendfaxExit} -ne 0 ]; then echo "sendfax: Unable to connect to server" >&2; exit ${sendfaxExit}; fi\necho "request id is 42 (group id 42) for host localhost (1 file)"\n`,
    );
    // faxstat prints "jobid jobtag" per job, as the JobFmt the transport asks for: tags from the log.
    await writeFile(
      join(bin, 'faxstat'),
      `#!/bin/sh\necho "HylaFAX scheduler on localhost: Running"\n[ -f "${log}" ] && awk '{for(i=1;i<=NF;i++) if ($i=="-i") print 42, $(i+1)}' "${log}"\nexit 0\n`,
    );
    await chmod(join(bin, 'sendfax'), 0o755);
    await chmod(join(bin, 'faxstat'), 0o755);
    return { bin, log };
  };

  it('submits with sendfax -n -i <key> -d <number> and finds the job by its tag afterwards', async () => {
    const { bin, log } = await fakes();
    const t = hylafaxTransport({
      sendfaxPath: join(bin, 'sendfax'),
      faxstatPath: join(bin, 'faxstat'),
      host: 'fax.example.org',
      timeoutSeconds: 10,
    });
    expect(await t.findDelivered(message().key)).toBeNull();
    expect(await t.send(message())).toEqual({ reference: 'hylafax:42' });
    const args = (await readFile(log, 'utf8')).trim().split(' ');
    expect(args.slice(0, 8)).toEqual([
      '-h',
      'fax.example.org',
      '-n',
      '-i',
      message().key,
      '-d',
      '2015550101',
      args[7],
    ]);
    expect(args[7]).toMatch(/fax-7\.pdf$/);
    expect(await t.findDelivered(message().key)).toBe('hylafax:42');
  });

  it('reports a failing or missing sendfax clearly (the task retries it)', async () => {
    const { bin } = await fakes(2);
    const t = hylafaxTransport({
      sendfaxPath: join(bin, 'sendfax'),
      faxstatPath: join(bin, 'faxstat'),
      timeoutSeconds: 10,
    });
    await expect(t.send(message())).rejects.toThrow('sendfax failed: sendfax: Unable to connect to server');
    const missing = hylafaxTransport({
      sendfaxPath: join(bin, 'nope'),
      faxstatPath: join(bin, 'nope2'),
      timeoutSeconds: 10,
    });
    await expect(missing.send(message())).rejects.toThrow(/sendfax was not found at ".*nope"/);
    expect(await missing.findDelivered(message().key)).toBeNull();
  });
});

describe('smtp transport (a fake email-to-fax gateway on a local port)', () => {
  let server: Server;
  let port: number;
  const mails: { from: string; to: string; data: string }[] = [];

  beforeAll(async () => {
    server = createServer((socket) => {
      let buffer = '';
      let inData = false;
      const mail = { from: '', to: '', data: '' };
      socket.write('220 fake-gateway ESMTP\r\n');
      socket.on('data', (chunk) => {
        buffer += chunk.toString('latin1');
        while (true) {
          if (inData) {
            const end = buffer.indexOf('\r\n.\r\n');
            if (end < 0) return;
            mail.data = buffer.slice(0, end);
            buffer = buffer.slice(end + 5);
            inData = false;
            mails.push({ ...mail });
            socket.write('250 2.0.0 queued as F1\r\n');
            continue;
          }
          const nl = buffer.indexOf('\r\n');
          if (nl < 0) return;
          const line = buffer.slice(0, nl);
          buffer = buffer.slice(nl + 2);
          const verb = line.slice(0, 4).toUpperCase();
          if (verb === 'EHLO' || verb === 'HELO') socket.write('250-fake-gateway\r\n250 8BITMIME\r\n');
          else if (verb === 'MAIL') {
            mail.from = line;
            socket.write('250 OK\r\n');
          } else if (verb === 'RCPT') {
            mail.to = line;
            socket.write(line.includes('<999') ? '550 5.1.1 fax number rejected\r\n' : '250 OK\r\n');
          } else if (verb === 'DATA') {
            inData = true;
            socket.write('354 go ahead\r\n');
          } else if (verb === 'QUIT') {
            socket.end('221 bye\r\n');
          } else socket.write('250 OK\r\n');
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as { port: number }).port;
  });
  afterAll(async () => new Promise<void>((resolve) => server.close(() => resolve())));

  const transport = () =>
    smtpTransport({
      url: `smtp://127.0.0.1:${port}`,
      from: 'quill@example.org',
      domain: 'fax.example.org',
      timeoutSeconds: 10,
    });

  it('mails the PDF to <number>@domain with a Message-ID made from the key', async () => {
    const sent = await transport().send(message());
    expect(sent.reference).toBe(`smtp:<${message().key}@fax.quill>`);
    const mail = mails.at(-1)!;
    expect(mail.from).toContain('<quill@example.org>');
    expect(mail.to).toContain('<2015550101@fax.example.org>');
    expect(mail.data).toContain(`Message-ID: <${message().key}@fax.quill>`);
    expect(mail.data).toContain('application/pdf');
    expect(mail.data).toContain(Buffer.from('%PDF-1.7 test fax').toString('base64'));
    expect(await transport().findDelivered(message().key)).toBeNull();
  });

  it('treats a 5xx refusal as permanent and a dead server as transient', async () => {
    const refused = transport().send(message({ faxNumber: '9995550101' }));
    await expect(refused).rejects.toBeInstanceOf(PermanentFaxError);
    await expect(refused).rejects.toThrow('the mail server refused the fax: 550 5.1.1 fax number rejected');
    const dead = smtpTransport({
      url: 'smtp://127.0.0.1:1',
      from: 'q@example.org',
      domain: 'fax.example.org',
      timeoutSeconds: 5,
    });
    const err = await dead.send(message()).catch((e: Error) => e);
    expect(err).toBeInstanceOf(Error);
    expect(err).not.toBeInstanceOf(PermanentFaxError);
  });
});
