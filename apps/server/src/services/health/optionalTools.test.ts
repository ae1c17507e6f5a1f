import { describe, expect, it } from 'vitest';
import { OPTIONAL_TOOLS, optionalToolDetail } from './runHealthChecks.js';

describe('optional tools on the health page', () => {
  it('names the Debian package and the command that installs a missing tool', () => {
    const byName = Object.fromEntries(OPTIONAL_TOOLS.map((t) => [t.name, optionalToolDetail(t, null)]));
    expect(byName.ffmpeg).toEqual({
      ok: false,
      detail:
        'Not installed; audio renditions are unavailable. Install the Debian package: apt-get install ffmpeg',
    });
    expect(byName.LibreOffice?.detail).toContain('apt-get install libreoffice-writer-nogui');
    expect(byName.pdftotext?.detail).toContain('apt-get install poppler-utils');
  });

  it('says where a tool was found', () => {
    expect(optionalToolDetail(OPTIONAL_TOOLS[0], '/usr/bin/ffmpeg')).toEqual({
      ok: true,
      detail: 'Found at /usr/bin/ffmpeg (audio renditions)',
    });
  });
});
