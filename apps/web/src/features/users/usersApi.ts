import { USERS } from '@quill/core/contract/endpoints/users';
import type {
  CreatedUser,
  CreateUserRequest,
  Grantable,
  PasswordLink,
  SaveUserRequest,
  UserDetails,
  UserSearchResult,
} from '@quill/core/contract/users';
import { callApi } from '../../lib/api';

/** What the search form holds ('' = not used). */
export interface UserFilters {
  q: string;
  memberType: string;
  companyId: string;
  disabled: string;
}

export const NO_FILTERS: UserFilters = { q: '', memberType: '', companyId: '', disabled: '' };

/** The users pages' calls (issue 26). */
export function searchUsers(f: UserFilters, page: number, pageSize: number, signal?: AbortSignal) {
  const query: Record<string, string | number> = { page, pageSize };
  for (const [k, v] of Object.entries(f)) if (v.trim() !== '') query[k] = v.trim();
  return callApi(USERS.search, { query }, { signal }) as Promise<UserSearchResult>;
}
export const loadGrantable = (signal?: AbortSignal): Promise<Grantable> =>
  callApi(USERS.grantable, {}, { signal });
export const loadUser = (userId: number, signal?: AbortSignal): Promise<UserDetails> =>
  callApi(USERS.user, { params: { userId } }, { signal });
export const createUser = (body: CreateUserRequest): Promise<CreatedUser> => callApi(USERS.create, { body });
export const saveUser = (userId: number, body: SaveUserRequest): Promise<UserDetails> =>
  callApi(USERS.save, { params: { userId }, body });
export const setDisabled = (userId: number, disabled: boolean): Promise<UserDetails> =>
  callApi(disabled ? USERS.disable : USERS.enable, { params: { userId } });
export const newPasswordLink = (userId: number): Promise<PasswordLink> =>
  callApi(USERS.passwordLink, { params: { userId } });
