import { createContext, useContext } from 'react';

/** What every Physician modal of a job needs besides its own role (spec 02 §6, §7). */
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
