/** Reference data (issue 26): TODO helper fills this contract. */
export {};
