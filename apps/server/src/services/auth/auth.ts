/** Who is calling: the signed-in user and, once chosen, the account they work as. */
export interface Auth {
  sessionHash: string;
  userId: number;
  username: string;
  accountId: number | null;
  memberType: number | null;
  companyId: number | null;
  permissions: ReadonlySet<string>;
  /** Corporate structures the selected account may see (empty before an account is chosen). */
  corporateStructureIds: readonly number[];
  /** The user's date and time formats and locale (settings/user), read with the session. */
  display: { dateFormat: string; timeFormat: string; locale: string };
  idleExpiresAt: Date;
  absoluteExpiresAt: Date;
}
