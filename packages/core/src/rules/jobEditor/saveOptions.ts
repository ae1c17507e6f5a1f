/** Spec 02 §3 "Save options": the save modes and their numbers. */
export const SAVE_MODES = { saveOnly: 0, moveOn: 1, hold: 2, recheck: 3, draft: 4, finish: 5 } as const;
export type SaveModeName = keyof typeof SAVE_MODES;
export type SaveMode = (typeof SAVE_MODES)[SaveModeName];

/** Spec 02 §3: component type HI is health information management (HIM). */
export const HIM_COMPONENT_TYPE = 'HI';

/** Why some save options are withheld (spec 02 §5 addressee limits). */
export type SaveLimit = 'tooManyAddressees' | 'notEnoughAddressees';

/** The facts the save options menu depends on. */
export interface SaveOptionFacts {
  componentType: string | null | undefined;
  /** Addressees on the job now (not removed). */
  addresseeCount: number;
  workType: {
    enableAddressee: boolean;
    minAddressees: number | null | undefined;
    maxAddressees: number | null | undefined;
  } | null;
}

/** The menu: the modes offered, in spec order, and the limit that hid some (null when none did). */
export interface SaveOptions {
  modes: SaveModeName[];
  limit: SaveLimit | null;
}

/** Spec 02 §5: the addressee count outside the work type's limits (null when within or disabled). */
export function addresseeLimit(
  facts: Pick<SaveOptionFacts, 'addresseeCount' | 'workType'>,
): SaveLimit | null {
  const wt = facts.workType;
  if (!wt?.enableAddressee) return null;
  if (wt.maxAddressees != null && facts.addresseeCount > wt.maxAddressees) return 'tooManyAddressees';
  if (wt.minAddressees != null && facts.addresseeCount < wt.minAddressees) return 'notEnoughAddressees';
  return null;
}

/**
 * Spec 02 §3–§5: save only, move on, hold, recheck, draft, and finish only for HIM jobs; an
 * addressee count over or under the work type's limits hides move on and finish.
 */
export function saveOptionsFor(facts: SaveOptionFacts): SaveOptions {
  const limit = addresseeLimit(facts);
  const him = (facts.componentType ?? '').toUpperCase() === HIM_COMPONENT_TYPE;
  const modes = (Object.keys(SAVE_MODES) as SaveModeName[]).filter((mode) => {
    if (mode === 'finish' && !him) return false;
    if (limit && (mode === 'moveOn' || mode === 'finish')) return false;
    return true;
  });
  return { modes, limit };
}
