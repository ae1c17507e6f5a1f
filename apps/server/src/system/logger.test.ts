import { Writable } from 'node:stream';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { createLogger, pathOnly, REDACTED_PATHS, textLine } from './logger.js';

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { lines, log: pino({ redact: { paths: REDACTED_PATHS, censor: '[redacted]' } }, stream) };
}

describe('log redaction', () => {
  it('never writes patient names, MRNs or notes', () => {
    const { lines, log } = capture();
    log.info(
      { job: { patientName: 'Mary Smith', patientMRN: 'MRN123', jobNote: 'call her', jobId: 7 } },
      'x',
    );
    const out = lines.join('');
    expect(out).not.toContain('Mary Smith');
    expect(out).not.toContain('MRN123');
    expect(out).not.toContain('call her');
    expect(out).toContain('"jobId":7');
  });

  it('drops query strings from logged URLs, since a search query can be a name', () => {
    expect(pathOnly('/api/jobs/Dictators?q=Smith&csid=1')).toBe('/api/jobs/Dictators?…');
    expect(pathOnly('/api/healthcheck/results')).toBe('/api/healthcheck/results');
  });
});

describe('text log format (npm start)', () => {
  it('reads as time, level and message, other fields after it', () => {
    const line = textLine(
      JSON.stringify({ level: 40, time: Date.UTC(2026, 10, 25, 12, 4, 31), pid: 1, msg: 'slow', jobs: 3 }),
    );
    expect(line).toBe('12:04:31 warn  slow {"jobs":3}');
  });

  it('still redacts patient data', () => {
    const lines: string[] = [];
    const out = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const log = createLogger({ LOG_LEVEL: 'info', LOG_FORMAT: 'text' }, out);
    log.info({ job: { patientName: 'Mary Smith', jobId: 7 } }, 'saved');
    const text = lines.join('');
    expect(text).toMatch(/^\d\d:\d\d:\d\d info {2}saved /);
    expect(text).not.toContain('Mary Smith');
    expect(text).not.toMatch(/^\{/);
  });
});
