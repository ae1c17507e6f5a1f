import { describe, expect, it } from 'vitest';
import { originOf, wopiFileIdOf } from './wopiSrc.js';

const ORIGIN = 'https://quill.example.org';

describe('wopiFileIdOf', () => {
  it('answers the file id of a WOPISrc of an allowed origin', () => {
    expect(wopiFileIdOf(`${ORIGIN}/wopi/files/job-123`, [ORIGIN])).toBe('job-123');
    expect(wopiFileIdOf('http://127.0.0.1:8080/wopi/files/42', ['http://127.0.0.1:8080/'])).toBe('42');
  });

  it.each([
    ['another origin', 'https://evil.example.org/wopi/files/1'],
    ['another port', 'https://quill.example.org:8443/wopi/files/1'],
    ['another scheme', 'http://quill.example.org/wopi/files/1'],
    ['another path', `${ORIGIN}/api/file/1`],
    ['a path below the file', `${ORIGIN}/wopi/files/1/contents`],
    ['a trailing slash', `${ORIGIN}/wopi/files/1/`],
    ['a query', `${ORIGIN}/wopi/files/1?access_token=x`],
    ['an empty query', `${ORIGIN}/wopi/files/1?`],
    ['a fragment', `${ORIGIN}/wopi/files/1#x`],
    ['credentials', 'https://user:pw@quill.example.org/wopi/files/1'],
    ['dot segments', `${ORIGIN}/wopi/files/../../api/x`],
    ['only dots', `${ORIGIN}/wopi/files/..`],
    ['an encoded slash', `${ORIGIN}/wopi/files/a%2Fb`],
    ['no id', `${ORIGIN}/wopi/files/`],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['not a URL', 'wopi/files/1'],
    ['a relative URL', '/wopi/files/1'],
    ['an id over 128 characters', `${ORIGIN}/wopi/files/${'a'.repeat(129)}`],
  ])('refuses %s', (_what, wopiSrc) => {
    expect(wopiFileIdOf(wopiSrc, [ORIGIN])).toBeNull();
  });

  it('refuses an overlong WOPISrc before parsing it', () => {
    expect(wopiFileIdOf(`${ORIGIN}/wopi/files/${'a'.repeat(3000)}`, [ORIGIN])).toBeNull();
  });

  it('accepts any of several origins (PUBLIC_URL and the address the browser used)', () => {
    const origins = ['http://10.0.0.5:8080', ORIGIN];
    expect(wopiFileIdOf(`${ORIGIN}/wopi/files/7`, origins)).toBe('7');
    expect(wopiFileIdOf('http://10.0.0.5:8080/wopi/files/7', origins)).toBe('7');
  });
});

describe('originOf', () => {
  it('answers the origin of an http(s) URL and null otherwise', () => {
    expect(originOf('https://Quill.Example.org:443/x?y')).toBe(ORIGIN);
    expect(originOf('data:text/html,x')).toBeNull();
    expect(originOf('not a url')).toBeNull();
  });
});
