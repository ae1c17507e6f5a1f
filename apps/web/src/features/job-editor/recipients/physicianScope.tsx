import type { JobViewDetails } from '@quill/core/contract/job';
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { useHasPermission, useSession } from '../../../app/session/SessionContext';

/** What every Physician modal of a job needs besides whom it looks for (spec 02 §6, §7). */
export interface PhysicianScope {
  jobId: number;
  /** The job's client facility: whose physicians are searched and where Confirm and Save adds one. */
  facilityId: number;
  /** Confirm and Save is offered: the account has dictatorAdd and the job no recipient registry id. */
  canSave: boolean;
  /** The external management app's base address (the user settings' legacy host); '' for none. */
  managementBaseUrl: string;
}

/** Provided by the job view's side panel; without it the physician search buttons are not shown. */
export const PhysicianScopeContext = createContext<PhysicianScope | null>(null);

/** The job's physician scope, or null outside a job view. */
export const usePhysicianScope = () => useContext(PhysicianScopeContext);

/** Gives the job's Physician modals their scope, from the job and the signed-in session. */
export function PhysicianScopeProvider({
  details,
  children,
}: {
  details: JobViewDetails;
  children: ReactNode;
}) {
  const { userSettings } = useSession();
  const canAddPhysicians = useHasPermission('dictatorAdd');
  const scope = useMemo<PhysicianScope>(
    () => ({
      jobId: details.jobId,
      facilityId: details.clientFacility.id,
      canSave: canAddPhysicians && !details.hasRecipientRegistryId,
      managementBaseUrl: userSettings.fftmBaseUrl,
    }),
    [details, canAddPhysicians, userSettings.fftmBaseUrl],
  );
  return <PhysicianScopeContext.Provider value={scope}>{children}</PhysicianScopeContext.Provider>;
}
