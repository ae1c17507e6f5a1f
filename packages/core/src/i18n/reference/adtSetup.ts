/** Catalogue part (issue 26), spread into enUS.reference: TODO helper fills it. */
export const ADT_SETUP_MESSAGES = {};
