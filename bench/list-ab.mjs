// bench/list-ab: the job list's batch calls of two builds, interleaved on ONE database, so that a
// busy or noisy machine weighs on both alike (a side-by-side of two whole bench runs cannot tell a
// 10 % difference from the run-to-run spread). Both servers run at once; each round fetches the
// structure's batches three at a time from one, then the other (the order alternates), in the
// binary and the JSON rows formats, and reads each server's peak resident memory in its phase.
// Usage:
//   node bench/list-ab.mjs --base /path/to/other/worktree --postgres postgres://…/db [--jobs 100000] [--rounds 15]
// The database must be empty: this build seeds it. The other worktree must be built.
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import {
  Client,
  ensureBuilt,
  freshDataDir,
  removeDir,
  root,
  seed,
  stats,
  watchMemory,
} from './lib/quill.mjs';

const { values } = parseArgs({
  options: {
    base: { type: 'string' },
    postgres: { type: 'string' },
    jobs: { type: 'string', default: '100000' },
    rounds: { type: 'string', default: '15' },
    /** The database was seeded (and given the second manager) by an earlier run. */
    seeded: { type: 'boolean', default: false },
  },
});
if (!values.base || !values.postgres) throw new Error('--base <worktree> and --postgres <url> are required');
ensureBuilt();

/**
 * A second manager ("manager_ab", same password, accounts, permissions and structures): a user has
 * one session at a time, and each server keeps one signed in for the whole run.
 */
function addSecondManager() {
  const sql = `
    with u as (
      insert into users (username, display_name, password_hash, created_at)
      select 'manager_ab', display_name, password_hash, created_at from users where username = 'manager'
      returning id),
    src as (select a.* from accounts a join users m on m.id = a.user_id where m.username = 'manager'),
    acc as (
      insert into accounts (user_id, member, company_id, member_type, physician_id, other_companies)
      select u.id, src.member, src.company_id, src.member_type, src.physician_id, src.other_companies
      from src, u order by src.id returning id, company_id),
    pairs as (select acc.id as new_id, src.id as old_id from acc join src using (company_id)),
    perms as (
      insert into account_permissions (account_id, permission)
      select pairs.new_id, p.permission from pairs join account_permissions p on p.account_id = pairs.old_id)
    insert into account_corporate_access (account_id, corporate_structure_id)
    select pairs.new_id, c.corporate_structure_id
    from pairs join account_corporate_access c on c.account_id = pairs.old_id`;
  const r = spawnSync('psql', [values.postgres, '-v', 'ON_ERROR_STOP=1', '-qc', sql], { stdio: 'inherit' });
  if (r.status !== 0) throw new Error('could not add the second manager');
}

async function start(buildRoot, port, dataDir, username) {
  const child = spawn('node', [join(buildRoot, 'apps/server/dist/main.js')], {
    env: {
      ...process.env,
      DEMO_SEED: 'false',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: values.postgres,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${url}/api/healthcheck/results`)).ok) break;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  const client = new Client(url);
  await client.signIn(username, 'demo');
  return { child, client, memory: watchMemory(child.pid) };
}

const dataDir = freshDataDir('list-ab');
try {
  if (!values.seeded) {
    seed({ DATA_DIR: dataDir, DATABASE_URL: values.postgres }, Number(values.jobs), 40);
    addSecondManager();
  }
  const sides = {
    head: await start(root, 18191, dataDir, 'manager'),
    base: await start(values.base, 18192, dataDir, 'manager_ab'),
  };
  const structures = await (await sides.head.client.get('/api/jobs/getusercs')).json();
  let best = { id: 0, cfs: [] };
  for (const cs of structures) {
    const cfs = await (await sides.head.client.get(`/api/settings/cfs/${cs.id}`)).json();
    if (cfs.length > best.cfs.length) best = { id: cs.id, cfs };
  }
  const batches = [];
  for (let i = 0; i < best.cfs.length; i += 4) batches.push(best.cfs.slice(i, i + 4));

  async function threeInFlight(side, format, name) {
    // A session ends after its idle timeout unless the app says the user is active, as the
    // browser does while someone works (not timed).
    await side.client.get('/api/heartbeat/Active');
    const queue = [...batches];
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: 3 }, async () => {
        while (queue.length) {
          const batch = queue.shift();
          const res = await side.client.get(
            `/api/jobs/alljobs?corpId=${best.id}&cfs=${batch.join(',')}&format=${format}`,
          );
          if (!res.ok) throw new Error(`${name}: alljobs ${res.status} ${await res.text()}`);
          await res.arrayBuffer();
        }
      }),
    );
    return performance.now() - t0;
  }

  const results = { head: { binary: [], rows: [], peak: [] }, base: { binary: [], rows: [], peak: [] } };
  // One unmeasured round each: the first read of a cold cache is not what this compares.
  for (const name of ['head', 'base']) {
    await threeInFlight(sides[name], 'binary', name);
    await threeInFlight(sides[name], 'rows', name);
  }
  const rounds = Number(values.rounds);
  for (let r = 0; r < rounds; r++) {
    const order = r % 2 === 0 ? ['head', 'base'] : ['base', 'head'];
    for (const name of order) {
      const side = sides[name];
      side.memory.phase();
      results[name].binary.push(await threeInFlight(side, 'binary', name));
      results[name].rows.push(await threeInFlight(side, 'rows', name));
      results[name].peak.push(side.memory.read().peak);
    }
  }
  const median = (xs) => stats(xs).median;
  console.log(`bench/list-ab: ${rounds} interleaved rounds, structure ${best.id}, ${batches.length} batches`);
  for (const [label, key, unit] of [
    ['binary batches, 3 in flight', 'binary', 'ms'],
    ['rows batches, 3 in flight', 'rows', 'ms'],
    ['server peak RSS in the round', 'peak', 'MB'],
  ]) {
    const h = median(results.head[key]);
    const b = median(results.base[key]);
    console.log(
      `  ${label}: head median ${h.toFixed(1)} ${unit}, base median ${b.toFixed(1)} ${unit}, head / base ${(h / b).toFixed(2)}`,
    );
  }
  console.log(JSON.stringify(results));
  for (const side of Object.values(sides)) {
    side.memory.stop();
    side.child.kill('SIGTERM');
  }
} finally {
  removeDir(dataDir);
}
