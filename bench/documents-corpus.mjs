// bench/documents --corpus: render time of the C-CDA corpus of the corpus test (the shared HL7
// examples, the generated vendor-style documents, and CCDA_CORPUS_DIR's files when set) to PDF and
// RTF, in-process, by this checkout and by a baseline commit side by side — rounds alternate
// between the two so both see the same machine load. Prints each side's median time for the
// whole corpus and per document, and the ratio (issue 40: within 1.2× of the baseline). Usage:
//   node bench/documents.mjs --corpus [--baseline <commit>] [--rounds 3]
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { fmt, root } from './lib/quill.mjs';

const { values } = parseArgs({
  options: {
    corpus: { type: 'boolean' },
    baseline: { type: 'string' },
    rounds: { type: 'string', default: '3' },
  },
});
const tmp = join(root, 'bench', 'results', 'tmp');
const git = (...args) => {
  const r = spawnSync('git', ['-C', root, ...args], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
  return r.stdout;
};

/** The corpus as files, written by this checkout's generator (both sides render the same bytes). */
function writeCorpus(dir) {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const script = `
    import { writeFileSync, readdirSync, readFileSync } from 'node:fs';
    import { join } from 'node:path';
    const { generateCorpus } = await import(${JSON.stringify(join(root, 'apps/server/src/testing/ccdaCorpus/generateCorpus.ts'))});
    const { cdaFixtures } = await import(${JSON.stringify(join(root, 'apps/server/src/testing/documents/cdaFixtures.ts'))});
    for (const d of generateCorpus()) writeFileSync(join(${JSON.stringify(dir)}, d.name), d.xml);
    for (const f of cdaFixtures()) writeFileSync(join(${JSON.stringify(dir)}, 'fixture-' + f.name), f.bytes);
  `;
  const r = spawnSync('node', ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: root,
    stdio: 'inherit',
  });
  if (r.status !== 0) throw new Error('writing the corpus failed');
  let n = 0;
  for (const extra of (process.env.CCDA_CORPUS_DIR ?? '').split(':').filter(Boolean)) {
    for (const e of readdirSync(extra, { recursive: true, withFileTypes: true })) {
      if (!e.isFile() || !e.name.toLowerCase().endsWith('.xml')) continue;
      const bytes = readFileSync(join(e.parentPath, e.name));
      if (!/<(?:\w+:)?ClinicalDocument[\s>]/.test(bytes.toString('latin1', 0, 65536))) continue;
      writeFileSync(join(dir, `extra-${String(n++).padStart(5, '0')}-${e.name}`), bytes);
    }
  }
  return readdirSync(dir).length;
}

/** The baseline's source (server and core) beside this checkout's node_modules. */
function baselineTree(commit) {
  const sha = git('rev-parse', '--short', commit).trim();
  const dir = join(tmp, `baseline-${sha}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const tar = spawnSync('sh', [
    '-c',
    `git -C "${root}" archive ${sha} apps/server/src apps/server/assets packages/core | tar -x -C "${dir}"`,
  ]);
  if (tar.status !== 0) throw new Error(`git archive ${sha} failed: ${tar.stderr}`);
  // Its own @quill/core, found before the checkout's (node resolves upward from the file).
  mkdirSync(join(dir, 'node_modules', '@quill'), { recursive: true });
  symlinkSync('../../packages/core', join(dir, 'node_modules', '@quill', 'core'));
  return { sha, dir };
}

function render(tree, corpus) {
  const r = spawnSync(
    'node',
    [
      '--import',
      'tsx',
      join(root, 'bench', 'lib', 'renderCorpus.mjs'),
      '--tree',
      tree,
      '--corpus',
      corpus,
      '--rounds',
      '1',
    ],
    { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  if (r.status !== 0) throw new Error(`rendering with ${tree} failed: ${r.stderr.slice(-2000)}`);
  return JSON.parse(r.stdout.trim().split('\n').at(-1));
}

const corpus = join(tmp, 'corpus');
const count = writeCorpus(corpus);
const sides = [{ label: 'this checkout', dir: root }];
if (values.baseline) {
  const b = baselineTree(values.baseline);
  sides.push({ label: `baseline ${b.sha}`, dir: b.dir });
}
for (const s of sides) Object.assign(s, { rounds: [], perDocument: {} });
// One round at a time, alternating sides: the machine's load falls on both alike.
for (let round = 0; round < Number(values.rounds); round++) {
  for (const s of round % 2 ? [...sides].reverse() : sides) {
    const r = render(s.dir, corpus);
    s.rounds.push(...r.rounds);
    for (const [name, ms] of Object.entries(r.perDocument)) {
      s.perDocument[name] = s.perDocument[name] ?? [];
      s.perDocument[name].push(ms);
    }
  }
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(
  `\nbench/documents --corpus: ${count} C-CDA documents to PDF and RTF, in-process, ${values.rounds} rounds`,
);
for (const s of sides) {
  const perDoc = Object.values(s.perDocument).map(median);
  s.total = median(s.rounds);
  console.log(
    `  ${s.label.padEnd(24)} corpus median ${fmt(s.total).padStart(11)}, per document median ${fmt(median(perDoc)).padStart(9)}, slowest ${fmt(Math.max(...perDoc)).padStart(9)}`,
  );
}
if (sides.length === 2) {
  // Each round's two sides ran back to back: their ratio, round by round, shows the machine's noise.
  const paired = sides[0].rounds.map((ms, i) => ms / sides[1].rounds[i]).sort((a, b) => a - b);
  console.log(
    `  ratio (this / baseline): ${(sides[0].total / sides[1].total).toFixed(2)}× (round by round ${paired[0].toFixed(2)}–${paired.at(-1).toFixed(2)}, median ${median(paired).toFixed(2)})`,
  );
}
console.log(
  `  load average during the run: ${loadavg()
    .map((l) => l.toFixed(1))
    .join(', ')}`,
);
