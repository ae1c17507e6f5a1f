import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkRepository, checkSource } from './lintParts.mjs';

const messages = (path: string, text: string) =>
  checkSource(path, text).map((v: { message: string }) => v.message);

const here = dirname(fileURLToPath(import.meta.url));

const rule = (name: string) => `parts: ${name} (ARCHITECTURE §2)`;

describe('part rules (ARCHITECTURE §2)', () => {
  it('fails core importing the server, Node or a package it does not depend on', () => {
    const path = 'packages/core/src/rules/wrong.ts';
    expect(messages(path, "import { x } from '../../../../apps/server/src/db/client.js';")).toEqual([
      rule('core must not import the server'),
    ]);
    expect(messages(path, "export { y } from '@quill/server/src/app.js';")).toEqual([
      rule('core must not import the server'),
    ]);
    expect(messages(path, "import type { Z } from '../../../../apps/web/src/lib/api.js';")).toEqual([
      rule('core must not import the web app'),
    ]);
    expect(messages(path, "import { readFileSync } from 'node:fs';")[0]).toMatch(/core must not import Node/);
    expect(messages(path, "import { join } from 'path';")[0]).toMatch(/core must not import Node/);
    expect(messages(path, "import { useState } from 'react';")[0]).toMatch(/core may import only/);
    expect(messages(path, "import { z } from 'zod';\nimport { a } from './age.js';")).toEqual([]);
  });

  it('fails the web app importing a package it does not depend on (issue 42: dayjs is not the web’s)', () => {
    const path = 'apps/web/src/features/wrong/Wrong.tsx';
    expect(messages(path, "import dayjs from 'dayjs';")[0]).toMatch(/the web app may import only its own/);
    expect(
      messages(
        path,
        "import { Table } from '@mantine/core';\nimport { formatUserDate } from '@quill/core/rules/time/userTime';",
      ),
    ).toEqual([]);
  });

  it('fails documents importing the database, routes, http, the context or storage', () => {
    const path = 'apps/server/src/documents/cda/wrong.ts';
    expect(messages(path, "import { jobs } from '../../db/schema/index.js';")).toEqual([
      rule('documents must not import the database'),
    ]);
    expect(messages(path, "const m = await import('../../routes/fax/faxRoutes.js');")).toEqual([
      rule('documents must not import routes'),
    ]);
    expect(messages(path, "import type { AppContext } from '../../context.js';")).toEqual([
      rule('documents must not import the request context (context.ts, createContext.ts)'),
    ]);
    expect(messages(path, "import { BlobStore } from '../../storage/blobStore.js';")).toEqual([
      rule('documents must not import storage'),
    ]);
    expect(messages(path, "import { HttpError } from '../../http/httpError.js';")).toEqual([
      rule('services, tasks and documents must not import http (throw domain errors instead)'),
    ]);
    // Folders are matched after resolving, not by name: a sibling called context or db is fine.
    expect(messages(path, "import { a } from './context.js';\nimport { b } from './db/x.js';")).toEqual([]);
  });

  it('fails the other forbidden arrows between server parts and from the web to the server', () => {
    expect(messages('apps/server/src/routes/fax/x.ts', "import { a } from '../../db/client.js';")).toEqual([
      rule('routes must not import the database'),
    ]);
    expect(
      messages('apps/server/src/db/schema/x.ts', "import { a } from '../../services/jobList/jobListSql.js';"),
    ).toEqual([rule('the database must not import services')]);
    expect(
      messages('apps/server/src/services/fax/x.ts', "import { a } from '../../routes/fax/faxRoutes.js';"),
    ).toEqual([rule('services must not import routes')]);
    expect(messages('apps/server/src/tasks/x.ts', "import { a } from '../http/session.js';")).toEqual([
      rule('services, tasks and documents must not import http (throw domain errors instead)'),
    ]);
    expect(
      messages('apps/web/src/lib/x.ts', "import type { A } from '../../../server/src/services/x.js';"),
    ).toEqual([rule('the web app must not import the server')]);
    // The arrows the rules allow.
    expect(
      messages('apps/server/src/routes/fax/x.ts', "import { a } from '../../services/fax/faxJobs.js';"),
    ).toEqual([]);
    expect(messages('apps/server/src/http/x.ts', "import { a } from '../db/client.js';")).toEqual([]);
  });

  it("fails an API path spelled outside the endpoint table, but not in tests, comments or core's table", () => {
    const api = rule(
      "API paths ('/api/…', '/Attachments/…', '/wopi/…', '/wopi-client/…') are written only in packages/core/src/contract/endpoints",
    );
    expect(messages('apps/web/src/features/x/xApi.ts', "const p = '/api/jobs/getcounts';")).toEqual([api]);
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a template literal
    expect(messages('apps/server/src/routes/x/x.ts', 'const p = `/api/job/${id}/x`;')).toEqual([api]);
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a template literal
    expect(messages('apps/web/src/features/x/xApi.ts', 'const p = `/Attachments/v1/${id}`;')).toEqual([api]);
    expect(messages('apps/server/src/http/x.ts', "const p = '/attachments/';")).toEqual([api]);
    expect(messages('apps/server/src/routes/x/x.ts', "const p = '/wopi-client/docx';")).toEqual([api]);
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a template literal
    expect(messages('apps/server/src/services/x/x.ts', 'const p = `/wopi/files/${id}`;')).toEqual([api]);
    expect(messages('apps/web/src/features/x/x.ts', "const p = '/WOPI/files/1/contents';")).toEqual([api]);
    expect(messages('apps/web/src/features/x/x.test.ts', "const p = '/api/jobs/getcounts';")).toEqual([]);
    expect(messages('apps/server/src/testing/kit.ts', "const p = '/api/jobs/getcounts';")).toEqual([]);
    expect(messages('apps/web/src/lib/x.ts', "// GET '/api/jobs/getcounts'\nconst p = '/apix';")).toEqual([]);
    expect(messages('packages/core/src/contract/endpoints/x.ts', "const p = '/api/jobs/getcounts';")).toEqual(
      [],
    );
    expect(messages('packages/core/src/rules/x.ts', "const p = '/api/jobs/getcounts';")).toEqual([api]);
  });

  it('names the file and line of a violation', () => {
    const [v] = checkSource(
      'apps/server/src/services/x/y.ts',
      "\n\nimport { a } from '../../http/httpError.js';",
    );
    expect(v).toMatchObject({ path: 'apps/server/src/services/x/y.ts', line: 3 });
    expect(v.detail).toBe("imports '../../http/httpError.js'");
  });

  // Reads every source file of the repository (2.8 s in CI, more on a machine that is busy):
  // Vitest's 5 s default is no measure of it.
  it('passes on the repository', { timeout: 60_000 }, () => {
    const found = checkRepository().map(
      (v: { path: string; line: number; message: string }) => `${v.path}:${v.line} ${v.message}`,
    );
    expect(found).toEqual([]);
  });

  it('makes `npm run lint` fail naming the rule when core imports the server', () => {
    const root = mkdtempSync(join(tmpdir(), 'quill-parts-'));
    try {
      mkdirSync(join(root, 'packages/core/src/rules'), { recursive: true });
      writeFileSync(
        join(root, 'packages/core/src/rules/wrong.ts'),
        "import { buildApp } from '../../../../apps/server/src/app.js';\nexport const app = buildApp;\n",
      );
      const run = spawnSync(process.execPath, [join(here, 'lintParts.mjs'), root], { encoding: 'utf8' });
      expect(run.status).toBe(1);
      expect(run.stderr).toContain('parts: core must not import');
      expect(run.stderr).toContain('packages/core/src/rules/wrong.ts:1');
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
