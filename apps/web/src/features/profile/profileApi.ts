import { PROFILE } from '@quill/core/contract/endpoints/profile';
import type { ChangePasswordRequest, Profile, ProfileDetailsRequest } from '@quill/core/contract/profile';
import { callApi } from '../../lib/api';

/** My Profile's calls (issue 26). */
export const loadProfile = (signal?: AbortSignal): Promise<Profile> =>
  callApi(PROFILE.profile, {}, { signal });
export const saveDetails = (body: ProfileDetailsRequest): Promise<Profile> =>
  callApi(PROFILE.saveDetails, { body });
export const changePassword = (body: ChangePasswordRequest): Promise<{ ended: number }> =>
  callApi(PROFILE.changePassword, { body });
export const endOtherSessions = (): Promise<{ ended: number }> => callApi(PROFILE.endOtherSessions, {});
