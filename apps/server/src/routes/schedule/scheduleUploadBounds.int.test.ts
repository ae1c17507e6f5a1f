import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { message, SCHEDULE_LIMITS, type ValidateHeadingsResponse } from '@quill/core';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploads } from '../../db/schema/index.js';
import type { DocumentPool } from '../../documents/pool/documentPool.js';
import { multipartBody } from '../../testing/audioTestKit.js';
import { databaseTargets } from '../../testing/databases.js';
import { buildStructure, buildUser } from '../../testing/factories.js';
import { hugeCellCsv } from '../../testing/hostileUploads.js';
import { TestBrowser } from '../../testing/processes/browser.js';
import { createTestApp, type TestApp } from '../../testing/testContext.js';

/**
 * Issue 41, "Uploads bounded like documents": spreadsheets and CSVs are read on a document thread,
 * within SCHEDULE_LIMITS (rows, columns, cell length; the file size as before), each refusal naming
 * its limit, and answers echo at most a preview of a cell.
 */
describe.each(databaseTargets())('schedule upload bounds on $name', (target) => {
  let t: TestApp;
  let manager: TestBrowser;
  let other: TestBrowser;
  let facilityId: number;

  beforeAll(async () => {
    t = await createTestApp(target);
    const north = await buildStructure(t.ctx, { name: 'North' });
    facilityId = north.facilities[0]!.id;
    const browsers = [];
    for (let i = 0; i < 2; i++) {
      const u = await buildUser(t.ctx, { accounts: [{ companyId: north.structure.id }] });
      const b = new TestBrowser(t.app, `10.41.0.${i + 1}`);
      await b.signInAs(u.user.username, u.password, u.accounts[0]!.id);
      browsers.push(b);
    }
    [manager, other] = browsers as [TestBrowser, TestBrowser];
    // A started document thread, as in a running server.
    await t.ctx.documents.run('readSheet', {
      bytes: Buffer.from('a\n1'),
      format: 'csv',
      shape: SCHEDULE_LIMITS,
    });
  }, 60_000);
  afterAll(async () => t?.close());

  const validate = (filename: string, bytes: Buffer) => {
    const body = multipartBody({ companyId: String(facilityId), mshActionType: '0' }, [{ filename, bytes }]);
    return manager.post('/api/schedule/validateheadings', body.payload, { headers: body.headers });
  };
  const stored = async () => ({
    rows: await t.ctx.database.db.$count(uploads),
    files: (await readdir(join(t.dataDir, 'blobs'), { recursive: true }).catch(() => [])).length,
  });
  const xlsx = async (rows: unknown[][]) => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Clinic');
    for (const r of rows) sheet.addRow(r);
    return Buffer.from(await book.xlsx.writeBuffer());
  };

  it('refuses the probe’s 9.9 MB cell, in a CSV or a workbook, naming the cell limit; keeps nothing', async () => {
    const before = await stored();
    const longCell = 'y'.repeat(SCHEDULE_LIMITS.maxCellLength + 1);
    const cases: [string, Buffer][] = [
      ['huge.csv', hugeCellCsv()],
      ['quoted.csv', Buffer.from(`MRN,Notes\n1,"a ""quoted"" ${longCell}"\n`)],
      [
        'long.xlsx',
        await xlsx([
          ['MRN', 'Notes'],
          [1, longCell],
        ]),
      ],
    ];
    for (const [name, bytes] of cases) {
      const res = await validate(name, bytes);
      expect(res.statusCode, name).toBe(400);
      expect(res.json().error.message).toBe(
        message('schedule.cellTooLong', { row: 2, column: 2, max: SCHEDULE_LIMITS.maxCellLength }),
      );
    }
    expect(await stored()).toEqual(before);
  });

  it('refuses too many columns and too many rows, naming the limit', async () => {
    const before = await stored();
    const wide = `MRN\n${Array.from({ length: SCHEDULE_LIMITS.maxColumns + 50 }, (_, i) => i).join(',')}\n`;
    const tooWide = await validate('wide.csv', Buffer.from(wide));
    expect(tooWide.json().error.message).toBe(
      message('schedule.tooManyColumns', { row: 2, max: SCHEDULE_LIMITS.maxColumns }),
    );
    const tall = `MRN\n${'1\n'.repeat(SCHEDULE_LIMITS.maxRows + 1)}`;
    const tooTall = await validate('tall.csv', Buffer.from(tall));
    expect(tooTall.statusCode).toBe(400);
    expect(tooTall.json().error.message).toBe(
      message('schedule.tooManyRowsRead', { max: SCHEDULE_LIMITS.maxRows }),
    );
    const wideBook = await validate(
      'wide.xlsx',
      await xlsx([['MRN'], Array.from({ length: 260 }, (_, i) => i)]),
    );
    expect(wideBook.json().error.message).toBe(
      message('schedule.tooManyColumns', { row: 2, max: SCHEDULE_LIMITS.maxColumns }),
    );
    expect(await stored()).toEqual(before);
  });

  it('takes a cell within the limit and echoes only a preview of it', async () => {
    const cell = `Note ${'z'.repeat(SCHEDULE_LIMITS.maxCellLength - 5)}`;
    const res = await validate('ok.csv', Buffer.from(`MRN,Notes\n1,${cell}\n`));
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const v = res.json() as ValidateHeadingsResponse;
    const echoed = v.sampleDataTable.rows[0]![1]!;
    expect(echoed).toHaveLength(SCHEDULE_LIMITS.cellPreview);
    expect(cell.startsWith(echoed.slice(0, -1))).toBe(true);
    expect(v.mappingItems.find((i) => i.fileHeading === 'Notes')!.sample).toBe(echoed);
    expect(res.body).not.toContain(cell);
  });

  it('answers another caller while a large upload is read on a document thread', async () => {
    // A 10 MB file within every limit: 45,000 rows of ten cells.
    const row = Array.from({ length: 10 }, (_, i) => `value ${i} ${'v'.repeat(12)}`).join(',');
    const headings = Array.from({ length: 10 }, (_, i) => `H${i}`).join(',');
    const big = Buffer.from(`${headings}\n${`${row}\n`.repeat(45_000)}`);
    expect(big.length).toBeLessThan(SCHEDULE_LIMITS.maxUploadBytes);

    const pool = t.ctx.documents as DocumentPool & { run: DocumentPool['run'] };
    const run = pool.run.bind(pool);
    let reading = false;
    let readDone = false;
    let started!: () => void;
    const readStarted = new Promise<void>((resolve) => {
      started = resolve;
    });
    pool.run = ((name, input) => {
      const p = run(name, input);
      if (name === 'readSheet') {
        reading = true;
        started();
        p.finally(() => {
          readDone = true;
        }).catch(() => {});
      }
      return p;
    }) as DocumentPool['run'];
    try {
      const upload = validate('big.csv', big);
      await readStarted;
      const beat = await other.get('/api/heartbeat/Idle');
      expect(beat.statusCode).toBe(200);
      // The other caller was answered while the file was still being read.
      expect(reading && !readDone).toBe(true);
      const res = await upload;
      expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
      expect((res.json() as ValidateHeadingsResponse).totalRows).toBe(45_000);
    } finally {
      pool.run = run;
    }
  });
});
