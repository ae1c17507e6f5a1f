import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importCircles } from './importCircles.mjs';

const here = dirname(fileURLToPath(import.meta.url));

const CIRCLE =
  'parts: source files must not import each other in a circle, type and dynamic imports included (ARCHITECTURE §2)';

type File = { path: string; text: string };
type Violation = { path: string; line: number; message: string; detail: string };

const circles = (files: File[]): Violation[] => importCircles(files);

/** The context, a service and a task handler of the server, as issue 42 found them tied. */
const context = (imports: string): File => ({
  path: 'apps/server/src/context.ts',
  text: `${imports}\nexport interface AppContext { tasks: unknown }\n`,
});
const service: File = {
  path: 'apps/server/src/services/fax/deliverFax.ts',
  text: "import type { AppContext } from '../../context.js';\nexport async function deliverFax(ctx: AppContext) {}\n",
};

describe('import circles between source files (ARCHITECTURE §2, issue 42)', () => {
  it('fails a circle of value imports, naming its files at the line of the import', () => {
    const found = circles([
      { path: 'packages/core/src/contract/a.ts', text: "import { B } from './b.js';\nexport const A = 1;" },
      {
        path: 'packages/core/src/contract/b.ts',
        text: "import { z } from 'zod';\n\nimport { A } from '../contract/a.js';\nexport const B = A;",
      },
    ]);
    expect(found).toEqual([
      {
        path: 'packages/core/src/contract/a.ts',
        line: 1,
        message: CIRCLE,
        detail:
          'packages/core/src/contract/a.ts → packages/core/src/contract/b.ts → packages/core/src/contract/a.ts',
      },
    ]);
  });

  it('fails a circle made only of type imports and `export … from`', () => {
    const found = circles([context("export type { Deliver } from './services/fax/deliverFax.js';"), service]);
    expect(found.map((v) => v.detail)).toEqual([
      'apps/server/src/context.ts → apps/server/src/services/fax/deliverFax.ts → apps/server/src/context.ts',
    ]);
    // `import('…')` in a type position is an import too.
    const inType = circles([
      context("export type Tasks = import('./tasks/sendFax.js').Task;"),
      {
        path: 'apps/server/src/tasks/sendFax.ts',
        text: "import type { AppContext } from '../context.js';\nexport type Task = (ctx: AppContext) => void;",
      },
    ]);
    expect(inType.map((v) => v.message)).toEqual([CIRCLE]);
  });

  it('fails a circle closed by a lazily loaded handler (dynamic import), through a folder index', () => {
    const found = circles([
      context("import { TASKS } from './tasks/index.js';"),
      {
        path: 'apps/server/src/tasks/index.ts',
        text: "export const TASKS = [{ handler: async () => (await import('./sendFaxHandler.js')).run }];",
      },
      {
        path: 'apps/server/src/tasks/sendFaxHandler.tsx',
        text: "import { deliverFax } from '../services/fax/deliverFax.js';\nexport const run = deliverFax;",
      },
      service,
    ]);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ path: 'apps/server/src/context.ts', line: 1, message: CIRCLE });
    expect(found[0]?.detail).toBe(
      'apps/server/src/context.ts → apps/server/src/tasks/index.ts → apps/server/src/tasks/sendFaxHandler.tsx → ' +
        'apps/server/src/services/fax/deliverFax.ts → apps/server/src/context.ts',
    );
  });

  it('names one violation per knot, with every file of it, however many circles run through it', () => {
    const file = (name: string, imports: string[]): File => ({
      path: `apps/web/src/features/x/${name}.ts`,
      text: imports.map((to) => `import type { T } from './${to}';`).join('\n'),
    });
    const found = circles([file('a', ['b', 'c']), file('b', ['a']), file('c', ['a']), file('d', ['a'])]);
    expect(found).toHaveLength(1);
    expect(found[0]?.detail).toBe(
      'apps/web/src/features/x/a.ts → apps/web/src/features/x/b.ts → apps/web/src/features/x/a.ts ' +
        '(3 files in the knot: apps/web/src/features/x/a.ts, apps/web/src/features/x/b.ts, apps/web/src/features/x/c.ts)',
    );
  });

  it('passes a chain without a circle, packages and Node built-ins, and circles through tests', () => {
    expect(
      circles([
        context("import type { Database } from './db/client.js';\nimport { join } from 'node:path';"),
        {
          path: 'apps/server/src/db/client.ts',
          text: "import pg from 'pg';\nexport type Database = pg.Pool;",
        },
        service,
        {
          path: 'apps/server/src/routes/fax/faxRoutes.ts',
          text: "import { deliverFax } from '../../services/fax/deliverFax.js';\nimport type { AppContext } from '../../context.js';",
        },
      ]),
    ).toEqual([]);
    // Test code may import what it tests and be imported by a kit it uses.
    expect(
      circles([
        service,
        context("import { kit } from './testing/kit.js';"),
        { path: 'apps/server/src/testing/kit.ts', text: "import '../services/fax/deliverFax.js';" },
      ]),
    ).toEqual([]);
  });

  // Starts Node and loads TypeScript (5 s and more on a busy machine): Vitest's 5 s default is no measure of it.
  it('makes `npm run lint` fail naming the files of a circle', { timeout: 60_000 }, () => {
    const root = mkdtempSync(join(tmpdir(), 'quill-circles-'));
    try {
      mkdirSync(join(root, 'apps/server/src/tasks'), { recursive: true });
      writeFileSync(
        join(root, 'apps/server/src/context.ts'),
        "import type { TaskQueue } from './tasks/taskQueue.js';\nexport interface AppContext { tasks: TaskQueue }\n",
      );
      writeFileSync(
        join(root, 'apps/server/src/tasks/taskQueue.ts'),
        "import type { AppContext } from '../context.js';\nexport class TaskQueue { run(ctx: AppContext) {} }\n",
      );
      const run = spawnSync(process.execPath, [join(here, '..', 'lintParts.mjs'), root], {
        encoding: 'utf8',
      });
      expect(run.status).toBe(1);
      expect(run.stderr).toContain(CIRCLE);
      expect(run.stderr).toContain(
        'apps/server/src/context.ts:1  apps/server/src/context.ts → apps/server/src/tasks/taskQueue.ts → apps/server/src/context.ts',
      );
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
