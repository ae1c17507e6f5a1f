/** Reference data (issue 26): TODO helper fills these rules. */
export {};
