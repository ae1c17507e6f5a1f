import { describe, expect, it } from 'vitest';
import { AttachmentSearchQuerySchema } from '../../contract/attachments.js';
import { message } from '../../i18n/format.js';
import {
  attachmentDaysProblem,
  attachmentRangeProblem,
  attachmentSearchQuery,
  defaultAttachmentDays,
  localDay,
} from './attachmentRange.js';

const DAY = 86_400_000;

describe('attachment range rules (spec 02 §5, §9)', () => {
  it('words its problems exactly as the spec does', () => {
    expect(message('attachments.rangeTooLong')).toBe('Date range cannot exceed 180 days');
    expect(message('attachments.toBeforeFrom')).toBe('To date must be the same or after from date');
  });

  it('opens on the last 7 days to today, in local calendar days', () => {
    expect(defaultAttachmentDays(new Date(2026, 10, 26, 15, 30))).toEqual({
      from: '2026-11-19',
      to: '2026-11-26',
    });
    expect(defaultAttachmentDays(new Date(2026, 0, 3, 0, 0))).toEqual({
      from: '2025-12-27',
      to: '2026-01-03',
    });
    expect(defaultAttachmentDays(new Date(2024, 2, 6, 23, 59))).toEqual({
      from: '2024-02-28',
      to: '2024-03-06',
    });
    expect(attachmentDaysProblem('2026-11-19', '2026-11-26')).toBeNull();
  });

  it('allows To on the From day and up to 180 days after, no more', () => {
    expect(attachmentDaysProblem('2026-03-01', '2026-03-01')).toBeNull();
    expect(attachmentDaysProblem('2026-01-01', '2026-06-30')).toBeNull(); // 180 days
    expect(attachmentDaysProblem('2026-01-01', '2026-07-01')).toBe('attachments.rangeTooLong'); // 181
    expect(attachmentDaysProblem('2024-01-01', '2024-06-29')).toBeNull(); // leap year: 180
    expect(attachmentDaysProblem('2024-01-01', '2024-06-30')).toBe('attachments.rangeTooLong');
    expect(attachmentDaysProblem('2020-01-01', '2026-01-01')).toBe('attachments.rangeTooLong');
  });

  it('refuses To before From', () => {
    expect(attachmentDaysProblem('2026-03-02', '2026-03-01')).toBe('attachments.toBeforeFrom');
    expect(attachmentDaysProblem('2027-01-01', '2026-01-01')).toBe('attachments.toBeforeFrom');
  });

  it('needs two real days', () => {
    for (const [from, to] of [
      ['', '2026-03-01'],
      ['2026-03-01', ''],
      ['2026-02-30', '2026-03-01'],
      ['03/01/2026', '2026-03-02'],
      ['2026-3-1', '2026-03-02'],
      ['1899-12-31', '1900-01-01'],
    ] as const) {
      expect(attachmentDaysProblem(from, to), `${from}…${to}`).toBe('attachments.dateRequired');
      expect(attachmentSearchQuery(from, to)).toBeNull();
    }
  });

  it('asks for the whole From and To days in the browser zone, as ISO instants ending with Z', () => {
    const q = attachmentSearchQuery('2026-11-19', '2026-11-26')!;
    expect(q.AfterDateUtc).toBe(new Date(new Date(2026, 10, 19).getTime() - 1).toISOString());
    expect(q.BeforeInclusiveDateUtc).toBe(new Date(new Date(2026, 10, 27).getTime() - 1).toISOString());
    expect(q.AfterDateUtc).toMatch(/Z$/);
    expect(q.BeforeInclusiveDateUtc).toMatch(/Z$/);
    // What the modal sends, the call's schema reads.
    expect(AttachmentSearchQuerySchema.safeParse(q).success).toBe(true);
  });

  it('checks the instants of a call with the same rule as the days', () => {
    const at = (from: string, to: string) => {
      const q = attachmentSearchQuery(from, to)!;
      return attachmentRangeProblem(new Date(q.AfterDateUtc), new Date(q.BeforeInclusiveDateUtc));
    };
    for (const [from, to] of [
      ['2026-01-01', '2026-06-30'],
      ['2026-01-01', '2026-07-01'],
      ['2026-05-10', '2026-11-06'], // across the autumn clock change where there is one
      ['2026-05-10', '2026-11-07'],
      ['2026-11-19', '2026-11-26'],
      ['2026-11-19', '2026-11-19'],
      ['2026-11-19', '2026-11-18'],
    ] as const) {
      expect(at(from, to), `${from}…${to}`).toBe(attachmentDaysProblem(from, to));
    }
  });

  it('takes raw instants: a range that is not empty, at most 181 days and an hour long', () => {
    const after = new Date('2026-01-01T00:00:00Z');
    const plus = (ms: number) => new Date(after.getTime() + ms);
    expect(attachmentRangeProblem(after, plus(1))).toBeNull();
    expect(attachmentRangeProblem(after, after)).toBe('attachments.toBeforeFrom');
    expect(attachmentRangeProblem(after, plus(-1))).toBe('attachments.toBeforeFrom');
    expect(attachmentRangeProblem(after, plus(7 * DAY))).toBeNull();
    expect(attachmentRangeProblem(after, plus(181 * DAY + 3_600_000))).toBeNull();
    expect(attachmentRangeProblem(after, plus(181 * DAY + 3_600_001))).toBe('attachments.rangeTooLong');
    expect(attachmentRangeProblem(after, plus(182 * DAY))).toBe('attachments.rangeTooLong');
  });

  it('writes a local day as a date input holds it', () => {
    expect(localDay(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });
});

describe('the search query schema (spec 02 §7: ISO dates ending with Z)', () => {
  const parse = (AfterDateUtc: string, BeforeInclusiveDateUtc = '2026-11-26T00:00:00Z') =>
    AttachmentSearchQuerySchema.safeParse({ AfterDateUtc, BeforeInclusiveDateUtc }).success;

  it('reads UTC instants with or without seconds and fractions', () => {
    expect(parse('2026-11-19T05:00:00.000Z')).toBe(true);
    expect(parse('2026-11-19T05:00Z')).toBe(true);
    expect(parse('2026-11-19T05:00:07Z')).toBe(true);
  });

  it('refuses what is not a real UTC instant', () => {
    for (const bad of [
      '2026-11-19',
      '2026-11-19T05:00:00',
      '2026-11-19T05:00:00+01:00',
      '2026-13-19T05:00:00Z',
      '2026-02-30T05:00:00Z',
      '2026-04-31T05:00:00Z',
      '2026-11-19T25:00:00Z',
      'yesterday',
      '',
      `2026-11-19T05:00:00.${'1'.repeat(60)}Z`,
    ]) {
      expect(parse(bad), bad).toBe(false);
    }
  });
});
