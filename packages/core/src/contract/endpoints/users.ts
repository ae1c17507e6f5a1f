import { LoginResponseSchema } from '../account.js';
import { type Endpoint, endpoint } from '../endpoint.js';
import {
  CreatedUserSchema,
  CreateUserRequestSchema,
  GrantableSchema,
  PasswordLinkInfoSchema,
  PasswordLinkSchema,
  PasswordTokenRequestSchema,
  SaveUserRequestSchema,
  SetPasswordRequestSchema,
  UserDetailsSchema,
  UserIdParamsSchema,
  UserSearchQuerySchema,
  UserSearchResultSchema,
} from '../users.js';

/**
 * User administration in Quill (spec 01 §2 User ▸ Add user / Search users without a legacy host,
 * §6 gates: Search needs dictatorView, Add dictatorAdd; issue 26), and the set-password link a new
 * user opens.
 */
export const USERS = {
  search: endpoint({
    method: 'GET',
    path: '/api/users',
    tags: ['users'],
    query: UserSearchQuerySchema,
    answer: UserSearchResultSchema,
  }),
  grantable: endpoint({
    method: 'GET',
    path: '/api/users/grantable',
    tags: ['users'],
    answer: GrantableSchema,
  }),
  user: endpoint({
    method: 'GET',
    path: '/api/users/{userId}',
    tags: ['users'],
    params: UserIdParamsSchema,
    answer: UserDetailsSchema,
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/users',
    tags: ['users'],
    body: CreateUserRequestSchema,
    answer: CreatedUserSchema,
  }),
  save: endpoint({
    method: 'POST',
    path: '/api/users/{userId}',
    tags: ['users'],
    params: UserIdParamsSchema,
    body: SaveUserRequestSchema,
    answer: UserDetailsSchema,
  }),
  disable: endpoint({
    method: 'POST',
    path: '/api/users/{userId}/disable',
    tags: ['users'],
    params: UserIdParamsSchema,
    answer: UserDetailsSchema,
  }),
  enable: endpoint({
    method: 'POST',
    path: '/api/users/{userId}/enable',
    tags: ['users'],
    params: UserIdParamsSchema,
    answer: UserDetailsSchema,
  }),
  passwordLink: endpoint({
    method: 'POST',
    path: '/api/users/{userId}/passwordLink',
    tags: ['users'],
    params: UserIdParamsSchema,
    answer: PasswordLinkSchema,
  }),
  /** Public: the token is the credential. Whose link it is and until when it works. */
  passwordLinkInfo: endpoint({
    method: 'POST',
    path: '/api/account/passwordLink',
    tags: ['account'],
    body: PasswordTokenRequestSchema,
    answer: PasswordLinkInfoSchema,
  }),
  /** Public: sets the password of the link's user once; the link then works no more. */
  setPassword: endpoint({
    method: 'POST',
    path: '/api/account/setPassword',
    tags: ['account'],
    body: SetPasswordRequestSchema,
    answer: LoginResponseSchema,
  }),
} satisfies Record<string, Endpoint>;
