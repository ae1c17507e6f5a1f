// Child of bench/documents-corpus.mjs: renders every CDA file of --corpus to PDF and RTF with the
// document code of --tree (a checkout of the app's source), in this process, --rounds times after
// one warm-up; prints one JSON line: { rounds: [ms…], perDocument: { name: medianMs } }.
// Run with `node --import tsx` (the source is TypeScript).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: { tree: { type: 'string' }, corpus: { type: 'string' }, rounds: { type: 'string', default: '3' } },
});
const server = join(values.tree, 'apps', 'server', 'src', 'documents');
const { documentTasks } = await import(pathToFileURL(join(server, 'pool', 'documentTasks.ts')).href);
const { DEFAULT_DOCUMENT_LIMITS: limits } = await import(pathToFileURL(join(server, 'limits.ts')).href);

// The same facts as the corpus test, from this checkout (plain data: the baseline's code takes them too).
const { CORPUS_FACTS: facts } = await import(
  new URL('../../apps/server/src/testing/ccdaCorpus/corpusFacts.ts', import.meta.url).href
);
const files = readdirSync(values.corpus)
  .filter((f) => f.endsWith('.xml'))
  .sort()
  .map((name) => ({ name, bytes: readFileSync(join(values.corpus, name)) }));

const rounds = [];
const perDocument = new Map(files.map((f) => [f.name, []]));
for (let round = 0; round <= Number(values.rounds); round++) {
  let total = 0;
  for (const f of files) {
    const t0 = performance.now();
    for (const format of ['pdf', 'rtf'])
      await documentTasks.render({ stored: f.bytes, storedFormat: 'CDA', format, facts, limits });
    const took = performance.now() - t0;
    total += took;
    if (round > 0) perDocument.get(f.name).push(took);
  }
  if (round > 0) rounds.push(total);
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(
  JSON.stringify({
    rounds,
    perDocument: Object.fromEntries([...perDocument].map(([name, ms]) => [name, median(ms)])),
  }),
);
