import { parentPort } from 'node:worker_threads';
import { documentTasks } from './documents/pool/documentTasks.js';
import { serializeError } from './documents/pool/poolErrors.js';

/**
 * A document thread of the pool (documents/pool/documentPool.ts): runs one task at a time and
 * answers its value, or the error it threw in a form the pool turns back into the same class.
 */
parentPort?.on('message', async (msg: { id: number; name: keyof typeof documentTasks; input: never }) => {
  try {
    const task = documentTasks[msg.name] as (input: unknown) => Promise<unknown>;
    const value = await task(msg.input);
    parentPort?.postMessage({ id: msg.id, ok: true, value });
  } catch (err) {
    parentPort?.postMessage({ id: msg.id, ok: false, error: serializeError(err) });
  }
});

// Loaded: the pool starts a job's clock only now.
parentPort?.postMessage({ ready: true });
