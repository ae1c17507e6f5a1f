import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { InterfacesFile } from '@quill/core';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configWith } from '../../config.js';
import type { AppContext } from '../../context.js';
import { closeContext, createContext } from '../../createContext.js';
import { distributions, interfaceMessages, jobs, recipients } from '../../db/schema/index.js';
import { startDistribution } from '../../services/delivery/startDistribution.js';
import { createLogger } from '../../system/logger.js';
import { createPostgresDatabase } from '../../testing/databases.js';
import {
  buildJob,
  buildPhysician,
  buildSignature,
  buildStructure,
  buildUser,
} from '../../testing/factories.js';
import { addCdaDocument, waitFor } from '../../testing/faxTestKit.js';
import { type Child, stop } from '../../testing/processes/childProcess.js';
import {
  waitForFinishedInDatabase,
  waitForFinishedThroughApi,
} from '../../testing/processes/finishedJobs.js';
import { serverProcessSuite } from '../../testing/processes/serverProcesses.js';
import { startMdmReceiver } from './mdmReceiver.js';

/**
 * Issue 44's fault test of outbound HL7: the receiver (a real MLLP peer in the test) SIGKILLs the
 * process delivering the moment the first message arrives — the message is stored and sent, its
 * ACK never recorded, other deliveries' rows queued or in flight — and answers nothing; then a new
 * process starts and the receiver answers AA. Every version was sent as one message: the receiver
 * never sees a second distinct message for a delivery (a resend carries the same MSH-10 and bytes),
 * the message log has one row per delivery, acknowledged, and every job is Finished. With
 * PostgreSQL the victim is `worker.js`; with the embedded PGlite the server and its worker.
 */
const JOBS = 3;
const FAST = {
  LOG_LEVEL: 'warn',
  DEMO_SEED: 'false',
  // The delivery task of a killed process expires (and is tried again) after this.
  FAX_SEND_TIMEOUT_SECONDS: '10',
  FAX_RETRY_DELAY_SECONDS: '1',
  TASK_MAINTENANCE_SECONDS: '1',
};

describe('outbound HL7 survives a killed worker', () => {
  const suite = serverProcessSuite('quill-hl7-fault-');

  /**
   * The receiver: the first message to arrive kills the child delivering and is left without an
   * ACK; every later one (a resend of it, the other deliveries) is acknowledged AA.
   */
  async function killingReceiver() {
    let victim: Child | undefined;
    let armed = true;
    const receiver = await startMdmReceiver({
      port: 0,
      answer: () => {
        if (!armed) return { code: 'AA' };
        armed = false;
        victim?.proc.kill('SIGKILL');
        return 'hold';
      },
    });
    const watch = (child: Child) => {
      victim = child;
      return child;
    };
    /** Starts `script` of the bundle and waits for the receiver to kill it. */
    const runUntilKilled = async (script: string, env: Record<string, string>) => {
      const child = watch(suite.start(env, script));
      await waitFor(
        async () => child.proc.signalCode !== null || child.proc.exitCode !== null,
        'the kill',
        120_000,
      );
    };
    return { receiver, watch, runUntilKilled };
  }

  /** JOBS signed jobs, each with one electronic recipient, distribution started; the interfaces file. */
  async function distribute(ctx: AppContext, port: number, file: string) {
    const north = await buildStructure(ctx, { name: 'North' });
    const facility = north.facilities[0]!;
    const user = await buildUser(ctx, {
      username: 'hl7-fault',
      accounts: [{ companyId: north.structure.id }],
    });
    const dictator = await buildPhysician(ctx, north.structure.id, { lastName: 'House' });
    const jobIds: number[] = [];
    for (let i = 0; i < JOBS; i++) {
      const job = await buildJob(ctx, facility, { stageId: 10, signed: true, dictatorId: dictator.id });
      await addCdaDocument(ctx, job.id);
      await buildSignature(ctx, { jobId: job.id, physicianId: dictator.id, accountId: user.accounts[0]!.id });
      await ctx.database.db
        .insert(recipients)
        .values({ jobId: job.id, physicianId: dictator.id, distributionMethod: 'electronic' });
      await ctx.database.db.transaction((tx) => startDistribution(ctx, tx, job.id));
      jobIds.push(job.id);
    }
    const interfaces: InterfacesFile = {
      interfaces: [
        {
          name: 'Hospital MDM',
          direction: 'out',
          host: '127.0.0.1',
          port,
          facilities: [{ hl7Facility: 'GENHOSP', clientFacilityId: facility.id }],
          messageType: 'MDM',
          content: 'pdf',
          ackTimeoutSeconds: 5,
        },
      ],
    };
    await writeFile(file, JSON.stringify(interfaces));
    return { jobIds, structureId: north.structure.id, facilityId: facility.id, user };
  }

  /** Once per delivery: one message row each, acknowledged; at the receiver one distinct message per control id. */
  async function expectOncePerVersion(
    ctx: AppContext,
    received: { controlId: string; text: string }[],
    jobIds: number[],
  ) {
    const rows = await ctx.database.db
      .select()
      .from(distributions)
      .where(inArray(distributions.jobId, jobIds));
    expect(rows.map((d) => d.status)).toEqual(Array(JOBS).fill('sent'));
    const messages = await ctx.database.db
      .select()
      .from(interfaceMessages)
      .where(inArray(interfaceMessages.jobId, jobIds));
    expect(messages.map((m) => m.status)).toEqual(Array(JOBS).fill('acknowledged'));
    expect(messages.map((m) => m.distributionId).sort()).toEqual(rows.map((d) => d.id).sort());
    const byControl = new Map<string, Set<string>>();
    for (const r of received)
      byControl.set(r.controlId, (byControl.get(r.controlId) ?? new Set()).add(r.text));
    expect([...byControl.keys()].sort()).toEqual(messages.map((m) => m.controlId).sort());
    expect([...byControl.values()].map((texts) => texts.size)).toEqual(Array(JOBS).fill(1));
    const stages = await ctx.database.db
      .select({ s: jobs.stageId })
      .from(jobs)
      .where(inArray(jobs.id, jobIds));
    expect(stages.every((j) => j.s === 13)).toBe(true);
    return received.length - JOBS;
  }

  const baseUrl = process.env.TEST_DATABASE_URL;

  if (baseUrl) {
    it('on PostgreSQL: SIGKILL the worker when its first MDM arrives, start another', {
      timeout: 240_000,
    }, async () => {
      const dataDir = await mkdtemp(join(suite.dir(), 'postgres-'));
      const file = join(dataDir, 'interfaces.json');
      const database = await createPostgresDatabase(baseUrl!);
      const env = { ...FAST, DATA_DIR: dataDir, DATABASE_URL: database.url, HL7_INTERFACES_FILE: file };
      const config = configWith({ ...env, LOG_LEVEL: 'silent' });
      const ctx = await createContext(config, createLogger(config));
      const { receiver, watch, runUntilKilled } = await killingReceiver();
      try {
        const { jobIds } = await distribute(ctx, receiver.port, file);
        await runUntilKilled('worker.js', env);
        expect(receiver.received.length).toBeGreaterThan(0);

        const second = watch(suite.start(env, 'worker.js'));
        await waitForFinishedInDatabase(ctx, jobIds, second);
        await stop(second, 'SIGTERM');
        const resent = await expectOncePerVersion(ctx, receiver.received, jobIds);
        console.info(`outbound HL7 fault test (PostgreSQL): ${resent} resend(s) of the same control id`);
      } finally {
        await receiver.stop();
        await closeContext(ctx);
        await database.drop();
      }
    });
  }

  it('on PGlite: SIGKILL the server (and its in-process worker) when its first MDM arrives, start it again', {
    timeout: 240_000,
  }, async () => {
    const dataDir = await mkdtemp(join(suite.dir(), 'pglite-'));
    const file = join(dataDir, 'interfaces.json');
    const env = {
      ...FAST,
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: '0',
      IN_PROCESS_WORKER: 'true',
      HL7_INTERFACES_FILE: file,
    };
    const config = configWith({ ...env, LOG_LEVEL: 'silent' });
    const { receiver, watch, runUntilKilled } = await killingReceiver();
    try {
      let ctx = await createContext(config, createLogger(config));
      const set = await distribute(ctx, receiver.port, file).finally(() => closeContext(ctx));
      await runUntilKilled('main.js', env);
      expect(receiver.received.length).toBeGreaterThan(0);

      // The embedded database has one owner: watch the restarted server through its API.
      const second = watch(suite.start(env));
      await waitForFinishedThroughApi(
        second,
        { username: 'hl7-fault', password: set.user.password, accountId: set.user.accounts[0]!.id },
        { structureId: set.structureId, facilityId: set.facilityId, count: JOBS },
      );
      await stop(second, 'SIGTERM');

      ctx = await createContext(config, createLogger(config));
      try {
        const resent = await expectOncePerVersion(ctx, receiver.received, set.jobIds);
        console.info(`outbound HL7 fault test (PGlite): ${resent} resend(s) of the same control id`);
      } finally {
        await closeContext(ctx);
      }
    } finally {
      await receiver.stop();
    }
  });
});
