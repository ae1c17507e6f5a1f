import { describe, expect, it } from 'vitest';
import { signerName } from './signerName.js';

const person = { prefix: 'Dr.', firstName: 'Eleanor', lastName: 'Park', credentials: 'MD' };

describe('signerName', () => {
  it('writes a signature block of several lines as one line', () => {
    expect(signerName('Eleanor Park, MD\nFamily Medicine', person)).toBe('Eleanor Park, MD, Family Medicine');
    expect(signerName('  Eleanor Park, MD \r\n\r\n Family Medicine\r', person)).toBe(
      'Eleanor Park, MD, Family Medicine',
    );
  });

  it('names the physician when there is no block, or only blank lines', () => {
    for (const block of [null, undefined, '', ' \n \r\n'])
      expect(signerName(block, person)).toBe(signerName(null, person));
    expect(signerName(null, person)).toContain('Park');
  });
});
