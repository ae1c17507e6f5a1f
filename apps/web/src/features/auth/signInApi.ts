import { type LoginRequest, LoginResponseSchema } from '@quill/core/contract/account';
import { api } from '../../lib/api';

/** POST /api/account/login: signs in with user name and password and sets the session cookie. */
export async function signIn(request: LoginRequest): Promise<void> {
  await api.post('/api/account/login', request, { schema: LoginResponseSchema, timeoutMs: 60_000 });
}
