import type { LoginRequest } from '@quill/core/contract/account';
import { ACCOUNT } from '@quill/core/contract/endpoints/account';
import { callApi } from '../../lib/api';

/** Signs in with user name and password; the server sets the session cookie. */
export async function signIn(request: LoginRequest): Promise<void> {
  await callApi(ACCOUNT.login, { body: request }, { timeoutMs: 60_000 });
}
