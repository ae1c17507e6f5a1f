import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { message } from '@quill/core';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { WORD_CLIENT_HTML } from '../../http/wopi/wordClientPage.js';
import { databaseTargets } from '../../testing/databases.js';
import { createTestApp, type TestApp } from '../../testing/testContext.js';

const HOST = 'quill.test:8080';
const ORIGIN = `http://${HOST}`;
const WOPI_SRC = `${ORIGIN}/wopi/files/job-42`;
/** A token with every character HTML gives a meaning to. */
const TOKEN = `tok"en'<b>&amp;${'x'.repeat(40)}`;
const TEMPLATE = `<!doctype html><html><head><title>Word</title><script type="module" src="/assets/wopi-client-abc.js"></script></head><body><div id="root"></div></body></html>`;

function page(query: string) {
  return `/wopi-client/docx?${query}`;
}
const OPEN = page(`mode=edit&WOPISrc=${encodeURIComponent(WOPI_SRC)}`);

function form(fields: Record<string, string>) {
  return new URLSearchParams(fields).toString();
}

describe('the embedded WOPI client page (issue 22)', () => {
  let t: TestApp;
  let app: FastifyInstance;
  let dist: string;
  const logged: string[] = [];

  async function post(url: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
    return app.inject({
      method: 'POST',
      url,
      headers: { host: HOST, 'content-type': 'application/x-www-form-urlencoded', ...headers },
      payload: form(fields),
    });
  }

  beforeAll(async () => {
    const sink = new Writable({
      write(chunk, _enc, done) {
        logged.push(String(chunk));
        done();
      },
    });
    t = await createTestApp(databaseTargets()[0]!, { LOG_LEVEL: 'debug' }, sink);
    dist = await mkdtemp(join(tmpdir(), 'quill-web-dist-'));
    await writeFile(join(dist, 'index.html'), '<!doctype html><html><head></head><body>spa</body></html>');
    await writeFile(join(dist, WORD_CLIENT_HTML), TEMPLATE);
    app = await buildApp(t.ctx, { webDist: dist });
  });
  afterAll(async () => {
    await app?.close();
    await t?.close();
    await rm(dist, { recursive: true, force: true });
  });

  it('answers the form post with the built page, the token and WOPISrc in escaped meta tags', async () => {
    const res = await post(OPEN, { access_token: TOKEN, access_token_ttl: '1893456000000' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('<meta name="quill-wopi-token" content="tok&#34;en&#39;&#60;b&#62;&#38;amp;');
    expect(res.body).not.toContain(TOKEN);
    expect(res.body).toContain(`<meta name="quill-wopi-src" content="${WOPI_SRC}">`);
    expect(res.body).toContain('<meta name="quill-wopi-mode" content="edit">');
    expect(res.body).toContain('<meta name="quill-wopi-token-ttl" content="1893456000000">');
    expect(res.body).toContain('<meta name="quill-word-client" content="open">');
    // The page's own script only: no inline script carries the token.
    expect(res.body.match(/<script[^>]*>/g)).toEqual([
      '<script type="module" src="/assets/wopi-client-abc.js">',
    ]);
  });

  it('is never cached, sends no Referer and may be framed by this origin only', async () => {
    const res = await post(OPEN, { access_token: TOKEN });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('takes the form post without the XSRF header, but not from another site', async () => {
    expect((await post(OPEN, { access_token: TOKEN }, { 'sec-fetch-site': 'same-origin' })).statusCode).toBe(
      200,
    );
    const crossSite = await post(OPEN, { access_token: TOKEN }, { 'sec-fetch-site': 'cross-site' });
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.body).not.toContain('quill-wopi-token');
  });

  it('never logs the token', async () => {
    logged.length = 0;
    await post(OPEN, { access_token: TOKEN });
    await post(page('mode=bad&WOPISrc=x'), { access_token: TOKEN });
    const log = logged.join('');
    expect(log).toContain('request completed');
    expect(log).not.toContain('tok"en');
    expect(log).not.toContain('tok\\"en');
    expect(log).not.toContain(encodeURIComponent(TOKEN));
  });

  it.each([
    ['an unknown mode', page(`mode=write&WOPISrc=${encodeURIComponent(WOPI_SRC)}`)],
    ['no mode', page(`WOPISrc=${encodeURIComponent(WOPI_SRC)}`)],
    ['no WOPISrc', page('mode=view')],
    ['another origin', page(`mode=view&WOPISrc=${encodeURIComponent('http://evil.test/wopi/files/1')}`)],
    ['another path of this server', page(`mode=view&WOPISrc=${encodeURIComponent(`${ORIGIN}/api/job/1`)}`)],
    ['a WOPISrc with a query', page(`mode=view&WOPISrc=${encodeURIComponent(`${WOPI_SRC}?access_token=x`)}`)],
    [
      'an overlong WOPISrc',
      page(`mode=view&WOPISrc=${encodeURIComponent(`${ORIGIN}/wopi/files/${'a'.repeat(2100)}`)}`),
    ],
  ])('answers 400 for %s, without the page', async (_what, url) => {
    const res = await post(url, { access_token: TOKEN });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('bad_request');
    expect(res.body).not.toContain('quill-wopi-token');
  });

  it('answers 400 for a token that is too long or not printable, and for a ttl that is not a number', async () => {
    expect((await post(OPEN, { access_token: 'a'.repeat(4097) })).statusCode).toBe(400);
    expect((await post(OPEN, { access_token: 'with space' })).statusCode).toBe(400);
    expect((await post(OPEN, { access_token: TOKEN, access_token_ttl: 'soon' })).statusCode).toBe(400);
  });

  it('answers 400 for a form that is not UTF-8, in its bytes or its percent-escapes (issue 41)', async () => {
    const raw = (payload: string | Buffer) =>
      app.inject({
        method: 'POST',
        url: OPEN,
        headers: { host: HOST, 'content-type': 'application/x-www-form-urlencoded' },
        payload,
      });
    const good = form({ access_token: TOKEN });
    for (const bad of [
      `${good}&note=%FF%FE(`,
      `${good}&note=%C0%AF`,
      `${good}&%ED%A0%80=x`,
      Buffer.concat([Buffer.from(`${good}&note=`), Buffer.from([0xff, 0x28])]),
    ]) {
      const res = await raw(bad);
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.json().error.message).toBe(message('api.badUtf8'));
    }
    // Well-encoded text beyond ASCII, and "+" for a space, still read.
    const ok = await raw(`${good}&note=Zo%C3%AB+%E2%80%94`);
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('answers 413 for a form over 16 KiB', async () => {
    expect((await post(OPEN, { access_token: TOKEN, padding: 'p'.repeat(17 * 1024) })).statusCode).toBe(413);
  });

  it('accepts a WOPISrc of PUBLIC_URL too', async () => {
    const other = await createTestApp(databaseTargets()[0]!, { PUBLIC_URL: 'https://quill.example.org/' });
    const withPublicUrl = await buildApp(other.ctx, { webDist: dist });
    try {
      const wopiSrc = encodeURIComponent('https://quill.example.org/wopi/files/9');
      const res = await withPublicUrl.inject({
        method: 'POST',
        url: page(`mode=view&WOPISrc=${wopiSrc}`),
        headers: { host: HOST, 'content-type': 'application/x-www-form-urlencoded' },
        payload: form({ access_token: TOKEN }),
      });
      expect(res.statusCode).toBe(200);
    } finally {
      await withPublicUrl.close();
      await other.close();
    }
  });

  it('says to open the document from the job view when no token came: a form without one, or a reload', async () => {
    const withoutToken = await post(OPEN, {});
    expect(withoutToken.statusCode).toBe(200);
    expect(withoutToken.body).toContain('<meta name="quill-word-client" content="noToken">');
    expect(withoutToken.body).not.toContain('quill-wopi-src');
    const reload = await app.inject({ method: 'GET', url: OPEN, headers: { host: HOST } });
    expect(reload.statusCode).toBe(200);
    expect(reload.headers['cache-control']).toBe('no-store');
    expect(reload.body).toContain('<meta name="quill-word-client" content="noToken">');
  });

  it('does not serve the page template as a file', async () => {
    const res = await app.inject({ method: 'GET', url: `/${WORD_CLIENT_HTML}`, headers: { host: HOST } });
    expect(res.body).not.toContain('wopi-client-abc.js');
  });

  it('answers 503 when the web app is not built', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: OPEN,
      headers: { host: HOST, 'content-type': 'application/x-www-form-urlencoded' },
      payload: form({ access_token: TOKEN }),
    });
    expect(res.statusCode).toBe(503);
    expect(res.json().error.message).toMatch(/not built/);
  });
});
