/** Catalogue part (issue 26), spread into enUS.reference: TODO helper fills it. */
export const PHYSICIAN_DIRECTORY_MESSAGES = {};
