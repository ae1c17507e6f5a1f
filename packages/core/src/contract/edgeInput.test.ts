import { describe, expect, it } from 'vitest';
import { fieldsOf, inputSchemas, isNumericField } from '../testing/schemaFields.js';
import { plainText } from './documents/text.js';
import type { Endpoint } from './endpoint.js';
import { allEndpoints } from './endpoints/index.js';
import { bodyId, queryId, queryIdList } from './ids.js';

/**
 * Issue 23 "Input at the edge", proved once over the endpoint table: every string field of every
 * endpoint's params, query, body and form fields refuses NUL and other control characters, and
 * every whole-number field (ids above all) refuses 2³¹, exponents, hex and fractions.
 */

const BAD_TEXT = ['\u0000', 'ab\u0000cd', '\u001b[31m', 'x\u0007'];
// Spaces around a list's items (`1, 2`) and around the job search's typed job id are trimmed.
const BAD_NUMBERS: unknown[] = [
  2147483648,
  '2147483648',
  '99999999999999999999',
  '1e3',
  '0x10',
  '1.5',
  1.5,
  '+1',
  '-0',
  ['1e3'],
  ['0x10'],
  ['2147483648'],
];

const label = (e: Endpoint) => `${e.method} ${e.path}`;

function fieldsOfTable() {
  return allEndpoints().flatMap((e) =>
    inputSchemas(e).flatMap(([part, schema]) =>
      fieldsOf(schema).map((f) => ({ where: `${label(e)} ${part}${f.path ? `.${f.path}` : ''}`, ...f })),
    ),
  );
}

describe('input at the edge, over the endpoint table', () => {
  const fields = fieldsOfTable();
  const numeric = fields.filter((f) => isNumericField(f.schema));

  it('walks the schemas of the table (ids and text fields of every kind of call)', () => {
    const where = fields.map((f) => f.where);
    // A field of each part, to show the walk reaches params, queries, bodies and form fields.
    expect(where).toEqual(
      expect.arrayContaining([
        'POST /api/Account/SetUserSummary/{memberId} params.memberId',
        'GET /api/jobs/Dictators query.q',
        'POST /api/job/setjobdata body.jobData.jobNote',
        'POST /api/job/savejob body.setJobDataRequest.recipients.[].custom.lastName',
        'POST /api/audio/createwithaudio fields.dictatorId',
      ]),
    );
    expect(numeric.map((f) => f.where)).toEqual(
      expect.arrayContaining([
        'GET /api/job/GetClientFacilityWorktypes query.ClientFacilityId',
        'GET /api/jobs/SearchPhysicians query.memberId',
        'GET /api/jobs/GetPhysician query.userId',
        'POST /api/jobs/Fax body.jobIds.[]',
        'POST /api/job/RefreshJobData body.dictator',
        'POST /api/job/RunHoldQueueCheck body.jobId',
        'GET /api/file/downloadrtf query.jobIds',
        'GET /api/jobs/getcounts query.cfs',
      ]),
    );
    expect(fields.length).toBeGreaterThan(200);
    expect(numeric.length).toBeGreaterThan(60);
  });

  it('refuses NUL and other control characters in every field', () => {
    const accepting = fields.flatMap((f) =>
      BAD_TEXT.filter((bad) => f.schema.safeParse(bad).success).map(
        (bad) => `${f.where} ← ${JSON.stringify(bad)}`,
      ),
    );
    expect(accepting).toEqual([]);
  });

  it('refuses 2147483648, 1e3, 0x10 and fractions in every whole-number field', () => {
    const accepting = numeric.flatMap((f) =>
      BAD_NUMBERS.filter((bad) => f.schema.safeParse(bad).success).map(
        (bad) => `${f.where} ← ${JSON.stringify(bad)}`,
      ),
    );
    expect(accepting).toEqual([]);
  });
});

describe('the id and text helpers', () => {
  it('reads an id from decimal digits only, 1 … 2147483647', () => {
    const id = queryId('jobId');
    expect(id.parse('12')).toBe(12);
    expect(id.parse('2147483647')).toBe(2147483647);
    expect(id.parse(7)).toBe(7);
    const says = (v: unknown) => id.safeParse(v).error?.issues.map((i) => i.message);
    expect(says('1e3')).toEqual(['jobId must be a whole number']);
    expect(says('0x10')).toEqual(['jobId must be a whole number']);
    expect(says(' 1')).toEqual(['jobId must be a whole number']);
    expect(says('0')).toEqual(['jobId must be a positive whole number']);
    expect(says('-4')).toEqual(['jobId must be a positive whole number']);
    expect(says('2147483648')).toEqual(['jobId must be at most 2147483647']);
  });

  it('takes an id in a body as a number only', () => {
    expect(bodyId('jobId').parse(5)).toBe(5);
    expect(bodyId('jobId').safeParse('5').success).toBe(false);
    expect(bodyId('jobId').safeParse(2147483648).error?.issues[0]?.message).toBe(
      'jobId must be at most 2147483647',
    );
  });

  it('reads a list of ids as repeated keys or commas', () => {
    const list = queryIdList('jobIds', 'Each job id');
    expect(list.parse(['1', '2,3'])).toEqual([1, 2, 3]);
    expect(list.safeParse('1,1e3').success).toBe(false);
    expect(list.safeParse('').error?.issues[0]?.message).toBe(
      'Name at least one id in jobIds, for example jobIds=1&jobIds=2',
    );
  });

  it('names the field whose text holds a control character, and lets notes keep their lines', () => {
    expect(plainText('q').safeParse('Smith\u0000').error?.issues[0]?.message).toBe(
      'q contains a control character; remove it and try again',
    );
    expect(plainText('q').safeParse('a\tb').success).toBe(false);
    expect(plainText('jobNote', { multiline: true }).parse('line 1\r\n\tline 2')).toBe('line 1\r\n\tline 2');
    expect(plainText('jobNote', { multiline: true }).safeParse('a\u0000').success).toBe(false);
  });
});
