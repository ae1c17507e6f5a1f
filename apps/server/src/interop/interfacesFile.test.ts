import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadInterfacesFile } from './interfacesFile.js';

const file = (content: string) => {
  const path = join(mkdtempSync(join(tmpdir(), 'quill-interfaces-')), 'interfaces.json');
  writeFileSync(path, content);
  return path;
};

describe('the interfaces file (HL7_INTERFACES_FILE)', () => {
  it('is no interfaces when unset, and the checked interfaces when valid', () => {
    expect(loadInterfacesFile(undefined)).toEqual({ interfaces: [] });
    const path = file(
      JSON.stringify({
        interfaces: [
          {
            name: 'adt',
            direction: 'in',
            port: 2575,
            facilities: [{ hl7Facility: 'H', clientFacilityId: 1 }],
            messageTypes: ['ADT'],
          },
        ],
      }),
    );
    expect(loadInterfacesFile(path).interfaces[0]).toMatchObject({
      name: 'adt',
      host: '127.0.0.1',
      port: 2575,
    });
  });

  it('stops the start naming the file and the wrong value', () => {
    const path = file(
      JSON.stringify({
        interfaces: [{ name: 'adt', direction: 'in', port: 70000, facilities: [], messageTypes: ['ADT'] }],
      }),
    );
    expect(() => loadInterfacesFile(path)).toThrow(/interfaces\.0\.port/);
    expect(() => loadInterfacesFile(path)).toThrow(/interfaces\.0\.facilities/);
    expect(() => loadInterfacesFile(file('{ not json'))).toThrow(/could not be read as JSON/);
  });
});
