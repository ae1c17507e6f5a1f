import { Writable } from 'node:stream';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { pathOnly, REDACTED_PATHS } from './logger.js';

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
