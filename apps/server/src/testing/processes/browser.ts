import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

/**
 * A browser for app.inject(): keeps cookies between calls and, like the web client, sends the
 * XSRF-TOKEN cookie back in X-XSRF-TOKEN on every non-GET call (unless told not to).
 */
export class TestBrowser {
  readonly cookies = new Map<string, string>();

  constructor(
    private readonly app: FastifyInstance,
    private readonly remoteAddress = '127.0.0.1',
  ) {}

  private remember(res: LightMyRequestResponse) {
    for (const c of res.cookies) {
      if (c.value === '' || (c.expires && c.expires.getTime() < Date.now())) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    return res;
  }

  private cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async get(url: string, headers: Record<string, string> = {}) {
    return this.remember(
      await this.app.inject({
        method: 'GET',
        url,
        remoteAddress: this.remoteAddress,
        headers: { cookie: this.cookieHeader(), ...headers },
      }),
    );
  }

  async post(url: string, body?: unknown, opts: { xsrf?: boolean; headers?: Record<string, string> } = {}) {
    if (!this.cookies.has('XSRF-TOKEN')) await this.get('/api/account/authenticated');
    const headers: Record<string, string> = { cookie: this.cookieHeader(), ...(opts.headers ?? {}) };
    if (opts.xsrf !== false) headers['x-xsrf-token'] = this.cookies.get('XSRF-TOKEN') ?? '';
    return this.remember(
      await this.app.inject({
        method: 'POST',
        url,
        remoteAddress: this.remoteAddress,
        headers,
        ...(body === undefined ? {} : { payload: body as object }),
      }),
    );
  }

  /** Signs in with a password; throws unless it worked. */
  async signIn(username: string, password: string) {
    const res = await this.post('/api/account/login', { username, password });
    if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
    return res;
  }

  /** Signs in and selects the account with this memberId. */
  async signInAs(username: string, password: string, memberId: number) {
    await this.signIn(username, password);
    const res = await this.post(`/api/Account/SetUserSummary/${memberId}`);
    if (res.statusCode !== 200) throw new Error(`account selection failed: ${res.statusCode} ${res.body}`);
  }
}
