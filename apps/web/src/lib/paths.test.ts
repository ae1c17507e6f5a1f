import { describe, expect, it } from 'vitest';
import { safeReturnPath, signInSchemeUrl } from './paths';

describe('return paths', () => {
  it('keeps same-site paths and turns anything else into /', () => {
    expect(safeReturnPath('/jobs/1/hq?x=1')).toBe('/jobs/1/hq?x=1');
    for (const bad of [
      '//evil.example',
      '/\\evil.example',
      'https://evil.example/',
      'jobs',
      '',
      undefined,
      7,
    ])
      expect(safeReturnPath(bad)).toBe('/');
  });

  it('builds the sign-in scheme URL with the return path encoded', () => {
    expect(signInSchemeUrl('local', '/jobs/1/hq?x=1')).toBe(
      '/api/account/scheme/local?returnUrl=%2Fjobs%2F1%2Fhq%3Fx%3D1',
    );
    expect(signInSchemeUrl('oidc', '//evil')).toBe('/api/account/scheme/oidc?returnUrl=%2F');
  });
});
