import { LIMITS } from '@quill/core/rules/settings/constants';
import { describe, expect, it } from 'vitest';
import { keyForSend, newRequestKey } from './faxRequestKey';

describe('the fax request key (issue 41)', () => {
  it('is new for each send, letters and digits within the limit', () => {
    const keys = new Set(Array.from({ length: 50 }, newRequestKey));
    expect(keys.size).toBe(50);
    for (const key of keys) {
      expect(key).toMatch(/^[0-9a-f]+$/);
      expect(key.length).toBeLessThanOrEqual(LIMITS.faxRequestKeyMax);
    }
  });

  it('is kept when the same request is sent again, and new for another request', () => {
    const first = keyForSend(null, '{"jobIds":[1]}');
    expect(keyForSend(first, '{"jobIds":[1]}').key).toBe(first.key);
    expect(keyForSend(first, '{"jobIds":[2]}').key).not.toBe(first.key);
  });
});
