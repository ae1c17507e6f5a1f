import { z } from 'zod';
import { message } from '../i18n/format.js';
import { PERMISSIONS } from '../rules/auth/permissions.js';
import { ACCOUNT_MEMBER_TYPES, USER_ADMIN_LIMITS } from '../rules/auth/userAdmin.js';
import { plainText } from './documents/text.js';
import { bodyId, queryId, wholeNumberText } from './ids.js';
import { PROFILE_NAME_MAX, ProfileDetailsRequestSchema } from './profile.js';

/** Issue 26: user administration (User ▸ Search users needs dictatorView, User ▸ Add user dictatorAdd). */

export const UserIdParamsSchema = z.object({ userId: queryId('userId') });

const memberType = z
  .number()
  .int()
  .refine((n) => (ACCOUNT_MEMBER_TYPES as readonly number[]).includes(n), message('users.memberTypeInvalid'));

/** GET /api/users: users of the account's structures. */
export const UserSearchQuerySchema = z.object({
  q: plainText('q', { max: PROFILE_NAME_MAX })
    .trim()
    .optional()
    .transform((v) => v || undefined),
  memberType: wholeNumberText('memberType', { min: 1, max: 3 }).optional(),
  companyId: queryId('companyId').optional(),
  disabled: z.enum(['true', 'false']).optional(),
  page: wholeNumberText('page', { min: 1, max: USER_ADMIN_LIMITS.maxPage }).default(1),
  pageSize: wholeNumberText('pageSize', { min: 1, max: 1000 })
    .refine((n) => (USER_ADMIN_LIMITS.pageSizes as readonly number[]).includes(n), {
      message: `pageSize must be one of ${USER_ADMIN_LIMITS.pageSizes.join(', ')}`,
    })
    .default(USER_ADMIN_LIMITS.pageSizes[0]),
});
export type UserSearchQuery = z.infer<typeof UserSearchQuerySchema>;

export const UserAccountSummarySchema = z.object({
  memberId: z.number().int(),
  companyId: z.number().int(),
  company: z.string(),
  memberType: z.number().int(),
});

export const UserSearchRowSchema = z.object({
  userId: z.number().int(),
  userName: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  disabled: z.boolean(),
  accounts: z.array(UserAccountSummarySchema),
});
export type UserSearchRow = z.infer<typeof UserSearchRowSchema>;

export const UserSearchResultSchema = z.object({
  rows: z.array(UserSearchRowSchema),
  total: z.number().int().min(0),
  page: z.number().int().min(1),
  pageSize: z.number().int(),
});
export type UserSearchResult = z.infer<typeof UserSearchResultSchema>;

/** One account as the manager edits it: company, member type, permissions, structure access. */
export const UserAccountSchema = z.object({
  memberId: z.number().int().nullable(),
  companyId: z.number().int(),
  memberType: z.number().int(),
  permissions: z.array(z.enum(PERMISSIONS)),
  access: z.array(z.number().int()),
  /** The physician a dictator account (member type 1) is linked to in the directory, if any. */
  physicianId: z.number().int().nullable(),
  /** That physician's name ('Last, First'), to show the link. */
  physicianName: z.string().nullable(),
});
export type UserAccount = z.infer<typeof UserAccountSchema>;

/** GET /api/users/{userId}: the user and their accounts in the manager's structures. */
export const UserDetailsSchema = z.object({
  userId: z.number().int(),
  userName: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  disabled: z.boolean(),
  hasPassword: z.boolean(),
  accounts: z.array(UserAccountSchema),
});
export type UserDetails = z.infer<typeof UserDetailsSchema>;

/** GET /api/users/grantable: what the manager may give (their own account's permissions and structures). */
export const GrantableSchema = z.object({
  permissions: z.array(z.enum(PERMISSIONS)),
  structures: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type Grantable = z.infer<typeof GrantableSchema>;

const AccountRequestSchema = z.object({
  memberId: bodyId('memberId').nullable().optional(),
  companyId: bodyId('companyId'),
  memberType,
  permissions: z.array(z.enum(PERMISSIONS)).max(PERMISSIONS.length),
  access: z.array(bodyId('access')).max(200),
  /**
   * The linked physician of a dictator account: an enabled physician of the account's company
   * (400 otherwise); null unlinks; left out, an existing account keeps its link.
   */
  physicianId: bodyId('physicianId').nullable().optional(),
});
export type AccountRequest = z.infer<typeof AccountRequestSchema>;

/** POST /api/users/{userId}: name, email and the accounts (new ones without memberId). */
export const SaveUserRequestSchema = ProfileDetailsRequestSchema.extend({
  accounts: z
    .array(AccountRequestSchema)
    .min(1, message('users.accountRequired'))
    .max(USER_ADMIN_LIMITS.maxAccounts),
});
export type SaveUserRequest = z.infer<typeof SaveUserRequestSchema>;

/** POST /api/users: a new user; they set their own password through the link answered. */
export const CreateUserRequestSchema = SaveUserRequestSchema.extend({
  userName: plainText('userName', { max: 100 })
    .trim()
    .refine((n) => USER_ADMIN_LIMITS.userNamePattern.test(n.toLowerCase()), message('users.userNameInvalid')),
});
export type CreateUserRequest = z.infer<typeof CreateUserRequestSchema>;

/** A one-time set-password link: its address (to give to the user) and when it stops working. */
export const PasswordLinkSchema = z.object({ url: z.string(), expiresAt: z.string() });
export type PasswordLink = z.infer<typeof PasswordLinkSchema>;

export const CreatedUserSchema = z.object({ userId: z.number().int(), passwordLink: PasswordLinkSchema });
export type CreatedUser = z.infer<typeof CreatedUserSchema>;

/**
 * POST /api/account/passwordLink: whose link it is (public: the token is the credential). A POST so
 * the token travels in the body, never in an address a proxy or a browser history keeps.
 */
export const PasswordTokenRequestSchema = z.object({ token: plainText('token', { max: 200 }).min(1) });
export const PasswordLinkInfoSchema = z.object({ userName: z.string(), expiresAt: z.string() });

/** POST /api/account/setPassword */
export const SetPasswordRequestSchema = z.object({
  token: plainText('token', { max: 200 }).min(1),
  newPassword: plainText('newPassword', { max: 1000 }),
});
export type SetPasswordRequest = z.infer<typeof SetPasswordRequestSchema>;
