import { createHash, createSign, generateKeyPairSync, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

const b64url = (data: Buffer | string) => Buffer.from(data).toString('base64url');

/**
 * A minimal OpenID Connect provider for tests only (the real one is outside our system): discovery,
 * an authorize endpoint that signs the configured person in at once, a token endpoint that checks
 * the client secret and the PKCE verifier, and RS256-signed ID tokens.
 */
export class FakeIdentityProvider {
  private server = http.createServer((req, res) => void this.handle(req, res));
  private readonly keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
  private codes = new Map<string, { challenge: string; nonce: string; redirectUri: string }>();
  issuer = '';
  /** The person the next authorization signs in. */
  person = { sub: 'sub-1', preferred_username: 'alice' };
  /** How long before the token the person authenticated (the ID token's auth_time); null: no auth_time. */
  authAgeSeconds: number | null = 0;
  /** The query of the last authorization request (prompt, max_age …). */
  lastAuthorize: URLSearchParams | null = null;

  constructor(
    readonly clientId: string,
    readonly clientSecret: string,
  ) {}

  async start(): Promise<string> {
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.issuer = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this.issuer;
  }

  stop(): Promise<void> {
    return new Promise((r) => this.server.close(() => r()));
  }

  private idToken(nonce: string): string {
    const header = { alg: 'RS256', typ: 'JWT', kid: 'k1' };
    const now = Math.floor(Date.now() / 1000);
    const authTime = this.authAgeSeconds === null ? {} : { auth_time: now - this.authAgeSeconds };
    const payload = {
      iss: this.issuer,
      aud: this.clientId,
      iat: now,
      exp: now + 300,
      nonce,
      ...authTime,
      ...this.person,
    };
    const input = `${b64url(JSON.stringify(header))}.${b64url(JSON.stringify(payload))}`;
    const signature = createSign('RSA-SHA256').update(input).sign(this.keys.privateKey);
    return `${input}.${b64url(signature)}`;
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const url = new URL(req.url ?? '/', this.issuer);
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    };
    if (url.pathname === '/.well-known/openid-configuration') {
      return json(200, {
        issuer: this.issuer,
        authorization_endpoint: `${this.issuer}/authorize`,
        token_endpoint: `${this.issuer}/token`,
        jwks_uri: `${this.issuer}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        code_challenge_methods_supported: ['S256'],
        token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
      });
    }
    if (url.pathname === '/jwks') {
      return json(200, {
        keys: [{ ...this.keys.publicKey.export({ format: 'jwk' }), kid: 'k1', use: 'sig', alg: 'RS256' }],
      });
    }
    if (url.pathname === '/authorize') {
      const p = url.searchParams;
      this.lastAuthorize = p;
      if (p.get('client_id') !== this.clientId || p.get('code_challenge_method') !== 'S256')
        return json(400, { error: 'invalid_request' });
      const code = randomBytes(16).toString('hex');
      this.codes.set(code, {
        challenge: p.get('code_challenge')!,
        nonce: p.get('nonce')!,
        redirectUri: p.get('redirect_uri')!,
      });
      const back = new URL(p.get('redirect_uri')!);
      back.searchParams.set('code', code);
      back.searchParams.set('state', p.get('state')!);
      res.writeHead(302, { location: back.toString() }).end();
      return;
    }
    if (url.pathname === '/token' && req.method === 'POST') {
      let body = '';
      for await (const chunk of req) body += chunk;
      const form = new URLSearchParams(body);
      const basic = Buffer.from(
        (req.headers.authorization ?? '').replace(/^Basic /, ''),
        'base64',
      ).toString();
      const [basicId, basicSecret] = basic.split(':').map(decodeURIComponent);
      const id = basicId || form.get('client_id');
      const secret = basicSecret || form.get('client_secret');
      const grant = this.codes.get(form.get('code') ?? '');
      if (id !== this.clientId || secret !== this.clientSecret) return json(401, { error: 'invalid_client' });
      const verifier = form.get('code_verifier') ?? '';
      if (!grant || createHash('sha256').update(verifier).digest('base64url') !== grant.challenge) {
        return json(400, { error: 'invalid_grant' });
      }
      this.codes.delete(form.get('code')!);
      return json(200, {
        access_token: randomBytes(16).toString('hex'),
        token_type: 'Bearer',
        expires_in: 300,
        id_token: this.idToken(grant.nonce),
      });
    }
    json(404, { error: 'not_found' });
  }
}
