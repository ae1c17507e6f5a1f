import { type Endpoint, endpoint } from '../endpoint.js';
import {
  ChangePasswordRequestSchema,
  EndedSessionsSchema,
  ProfileDetailsRequestSchema,
  ProfileSchema,
} from '../profile.js';

/** My Profile (spec 01 §2 "My Account" → My Profile, without a legacy host; issue 26). */
export const PROFILE = {
  /** The signed-in user's details and sessions of the last days. */
  profile: endpoint({
    method: 'GET',
    path: '/api/profile',
    tags: ['profile'],
    answer: ProfileSchema,
  }),
  /** Changes the signed-in user's name and email; answers the profile as saved. */
  saveDetails: endpoint({
    method: 'POST',
    path: '/api/profile/details',
    tags: ['profile'],
    body: ProfileDetailsRequestSchema,
    answer: ProfileSchema,
  }),
  /** Changes the signed-in user's password (the current one proves who they are); ends their other sessions. */
  changePassword: endpoint({
    method: 'POST',
    path: '/api/profile/password',
    tags: ['profile'],
    body: ChangePasswordRequestSchema,
    answer: EndedSessionsSchema,
  }),
  /** Ends every other open session of the signed-in user. */
  endOtherSessions: endpoint({
    method: 'POST',
    path: '/api/profile/sessions/endOthers',
    tags: ['profile'],
    answer: EndedSessionsSchema,
  }),
} satisfies Record<string, Endpoint>;
