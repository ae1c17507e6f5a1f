import type { LoginRequest } from '@quill/core/contract/account';
import { ENDPOINTS } from '@quill/core/contract/endpoints/index';
import { callApi } from '../../lib/api';

/** Signs in with user name and password; the server sets the session cookie. */
export async function signIn(request: LoginRequest): Promise<void> {
  await callApi(ENDPOINTS.account.login, { body: request }, { timeoutMs: 60_000 });
}
