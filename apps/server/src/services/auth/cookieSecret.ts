import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { appSettings } from '../../db/schema/index.js';

const KEY = 'secrets.cookie';

/**
 * The secret that signs short-lived cookies (the OpenID Connect flow state). Made once and kept in
 * the database, so every API process of a deployment shares it.
 */
export async function ensureCookieSecret(database: Database): Promise<string> {
  await database.db
    .insert(appSettings)
    .values({ key: KEY, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await database.db.select().from(appSettings).where(eq(appSettings.key, KEY));
  return String(row!.value);
}
