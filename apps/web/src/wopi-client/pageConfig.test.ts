import { WORD_CLIENT_META } from '@quill/core/rules/wopi/wordClient';
import { afterEach, describe, expect, it } from 'vitest';
import { readPageConfig } from './pageConfig';

const OWN = 'https://quill.test';

function metas(values: Record<string, string>) {
  for (const [name, content] of Object.entries(values)) {
    const meta = document.createElement('meta');
    meta.name = name;
    meta.content = content;
    document.head.append(meta);
  }
}

const OPEN = {
  [WORD_CLIENT_META.state]: 'open',
  [WORD_CLIENT_META.mode]: 'edit',
  [WORD_CLIENT_META.wopiSrc]: `${OWN}/wopi/files/job-7`,
  [WORD_CLIENT_META.token]: 'tok"en<&>',
  [WORD_CLIENT_META.tokenTtl]: '1893456000000',
};

describe('readPageConfig', () => {
  afterEach(() => {
    for (const meta of document.head.querySelectorAll('meta')) meta.remove();
  });

  it('reads the document to open from the meta tags and removes the token’s', () => {
    metas(OPEN);
    expect(readPageConfig(document, OWN)).toEqual({
      kind: 'open',
      mode: 'edit',
      wopiSrc: `${OWN}/wopi/files/job-7`,
      token: 'tok"en<&>',
      tokenTtl: 1893456000000,
    });
    expect(document.querySelector(`meta[name="${WORD_CLIENT_META.token}"]`)).toBeNull();
  });

  it('without a token (a reload), or told so, there is nothing to open', () => {
    metas({ ...OPEN, [WORD_CLIENT_META.token]: '' });
    expect(readPageConfig(document, OWN)).toEqual({ kind: 'noToken' });
    document.head.replaceChildren();
    metas({ [WORD_CLIENT_META.state]: 'noToken' });
    expect(readPageConfig(document, OWN)).toEqual({ kind: 'noToken' });
    document.head.replaceChildren();
    expect(readPageConfig(document, OWN)).toEqual({ kind: 'noToken' });
  });

  it.each([
    ['a WOPISrc of another origin', { [WORD_CLIENT_META.wopiSrc]: 'https://evil.test/wopi/files/1' }],
    ['a WOPISrc off the WOPI files path', { [WORD_CLIENT_META.wopiSrc]: `${OWN}/api/file/1` }],
    ['an unknown mode', { [WORD_CLIENT_META.mode]: 'write' }],
  ])('refuses %s, sending the token nowhere', (_what, patch) => {
    metas({ ...OPEN, ...patch });
    expect(readPageConfig(document, OWN)).toEqual({ kind: 'badAddress' });
    expect(document.querySelector(`meta[name="${WORD_CLIENT_META.token}"]`)).toBeNull();
  });

  it('reads an unknown lifetime as 0', () => {
    metas({ ...OPEN, [WORD_CLIENT_META.tokenTtl]: 'soon' });
    expect(readPageConfig(document, OWN)).toMatchObject({ kind: 'open', tokenTtl: 0 });
  });
});
