import { and, inArray, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { users } from '../../db/schema/index.js';
import { DEMO_USERS } from '../../demo/people.js';
import { DEMO_PASSWORD } from '../../demo/seed.js';
import { checkPassword } from '../auth/passwords.js';

/**
 * The users, not disabled, that still sign in with the demo password (issue 45): the demo's
 * users, and any other with the very same password hash (the seed gives them all one). Each
 * distinct hash is checked once: one password check per hash at start, whatever the user count.
 */
export async function usersWithDemoPassword(ctx: Pick<AppContext, 'database'>): Promise<string[]> {
  const { db } = ctx.database;
  const demo = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(
      inArray(
        users.username,
        DEMO_USERS.map((u) => u.username),
      ),
    );
  const hashes = [...new Set(demo.map((u) => u.passwordHash).filter((h): h is string => !!h))];
  const demoHashes: string[] = [];
  for (const h of hashes) if (await checkPassword(h, DEMO_PASSWORD)) demoHashes.push(h);
  if (!demoHashes.length) return [];
  const rows = await db
    .select({ username: users.username })
    .from(users)
    .where(and(inArray(users.passwordHash, demoHashes), isNull(users.disabledAt)));
  return rows.map((r) => r.username).sort();
}

/**
 * With NODE_ENV=production, a server or worker does not start while any user still has the demo
 * password: it throws the words to act on. Any other NODE_ENV starts as before.
 */
export async function refuseDemoPasswordsInProduction(ctx: Pick<AppContext, 'database' | 'config'>) {
  if (ctx.config.NODE_ENV !== 'production') return;
  const left = await usersWithDemoPassword(ctx);
  if (!left.length) return;
  throw new Error(
    `NODE_ENV is production and ${left.length} user(s) still have the demo password (${left.slice(0, 10).join(', ')}${left.length > 10 ? ', …' : ''}): disable them (npm run users -- disable --username U) or give them passwords of their own before serving`,
  );
}
