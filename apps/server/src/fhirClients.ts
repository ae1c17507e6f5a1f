import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { message } from '@quill/core';
import { loadConfig } from './config.js';
import { closeContext, createContext } from './createContext.js';
import { DomainError } from './errors/domainErrors.js';
import { FHIR_SCOPES } from './interop/fhir/scopes.js';
import { addFhirClient, disableFhirClient, listFhirClients } from './services/fhir/manageFhirClients.js';
import { createLogger } from './system/logger.js';

const USAGE = message('fhir.clients.usage', { scopes: FHIR_SCOPES.join(' ') });

/** A refusal of the command line itself (exit code 2, like a domain refusal). */
class UsageError extends Error {}

const needs = (command: string, what: string) =>
  new UsageError(message('fhir.clients.needs', { command, what }));

async function readJwks(file: string): Promise<unknown> {
  const text = await readFile(file, 'utf8');
  try {
    return JSON.parse(text);
  } catch {
    throw new UsageError(message('fhir.clients.badJwks', { reason: 'the file is not JSON' }));
  }
}

/** `npm run fhir-clients -- add|list|disable` (issue 44): registers the systems that read the FHIR API. */
async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      name: { type: 'string' },
      structure: { type: 'string' },
      jwks: { type: 'string' },
      'jwks-url': { type: 'string' },
      scopes: { type: 'string' },
      client: { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  const command = positionals[0];
  if (!command || values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  if (!['add', 'list', 'disable'].includes(command))
    throw new UsageError(`${message('fhir.clients.unknownCommand', { command })}\n${USAGE}`);
  const ctx = await createContext(loadConfig(), createLogger({ LOG_LEVEL: 'warn' }));
  try {
    if (command === 'list') {
      process.stdout.write(`${JSON.stringify(await listFhirClients(ctx), null, 2)}\n`);
    } else if (command === 'disable') {
      if (!values.client) throw needs('disable', '--client');
      await disableFhirClient(ctx, values.client);
      process.stdout.write(`${message('fhir.clients.disabled', { clientId: values.client })}\n`);
    } else {
      const structure = Number(values.structure);
      if (!values.name || !Number.isInteger(structure) || structure < 1)
        throw needs('add', '--name and --structure ID');
      if (!values.scopes) throw needs('add', '--scopes');
      const clientId = await addFhirClient(ctx, {
        name: values.name,
        corporateStructureId: structure,
        scopes: values.scopes,
        ...(values.jwks ? { jwks: await readJwks(values.jwks) } : {}),
        ...(values['jwks-url'] ? { jwksUrl: values['jwks-url'] } : {}),
      });
      process.stdout.write(`${message('fhir.clients.added', { name: values.name, clientId })}\n`);
    }
  } finally {
    await closeContext(ctx);
  }
}

main().catch((err: Error) => {
  const refusal = err instanceof UsageError || err instanceof DomainError;
  process.stderr.write(`${refusal ? err.message : `Failed: ${err.message}`}\n`);
  process.exit(refusal ? 2 : 1);
});
