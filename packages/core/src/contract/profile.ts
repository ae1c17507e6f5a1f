import { z } from 'zod';
import { message } from '../i18n/format.js';
import { plainText } from './documents/text.js';

/** The longest name a user may give themself (My Profile). */
export const PROFILE_NAME_MAX = 100;
/** The longest email address (RFC 5321's path limit). */
export const PROFILE_EMAIL_MAX = 254;
/** How far back My Profile lists the user's sessions, and at most how many. */
export const PROFILE_SESSION_DAYS = 30;
export const PROFILE_SESSION_ROWS = 20;

/** How a session stands: this one, open, or how it ended. */
export const SESSION_STATES = [
  'current',
  'open',
  'signout',
  'expired',
  'superseded',
  'disabled',
  'passwordChanged',
  'ended',
] as const;

export const ProfileSessionSchema = z.object({
  started: z.string().describe('ISO 8601'),
  lastActive: z.string().describe('ISO 8601'),
  ip: z.string().nullable(),
  browser: z.string().nullable().describe('The User-Agent the session was opened with'),
  state: z.enum(SESSION_STATES),
});
export type ProfileSession = z.infer<typeof ProfileSessionSchema>;

/** GET /api/profile: the signed-in user's own details and recent sessions (issue 26). */
export const ProfileSchema = z.object({
  userName: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  /** False for a user who signs in only through OpenID Connect: no password to change. */
  hasPassword: z.boolean(),
  sessions: z.array(ProfileSessionSchema),
});
export type Profile = z.infer<typeof ProfileSchema>;

/** A plain email address: one @, no spaces, a dot in the domain. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** POST /api/profile/details: the user's name and email (empty clears it). */
export const ProfileDetailsRequestSchema = z.object({
  name: plainText('name', { max: PROFILE_NAME_MAX })
    .trim()
    .min(1, message('profile.nameRequired', { max: PROFILE_NAME_MAX })),
  email: plainText('email', { max: PROFILE_EMAIL_MAX })
    .trim()
    .refine((e) => e === '' || EMAIL.test(e), message('profile.emailInvalid')),
});
export type ProfileDetailsRequest = z.infer<typeof ProfileDetailsRequestSchema>;

/** POST /api/profile/password. The new password's rules are passwordProblem's (rules/auth/password.ts). */
export const ChangePasswordRequestSchema = z.object({
  currentPassword: plainText('currentPassword', { max: 1000 }),
  newPassword: plainText('newPassword', { max: 1000 }),
});
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequestSchema>;

/** POST /api/profile/sessions/endOthers: how many other sessions were ended. */
export const EndedSessionsSchema = z.object({ ended: z.number().int().min(0) });
