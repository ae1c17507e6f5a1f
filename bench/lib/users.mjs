// Bench users made through the product's user administration (the service behind `npm run users`),
// one process for all of them. Imports the server's TypeScript sources: run with `node --import tsx`.
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { addAccount, addUser, grant, listUsers } from '../../apps/server/src/services/users/manageUsers.ts';

/** The password of every bench user (the policy refuses common ones and the user name in it). */
export const BENCH_PASSWORD = 'quill-bench-sessions-41';

/**
 * Makes sure the database at `url` has `count` users `<prefix>001`…, each with one account like the
 * first account of user `like` (its company, member type, permissions and corporate structures);
 * those there already are kept. Answers their user names.
 */
export async function ensureUsers(url, { count, like, prefix = 'bench' }) {
  const database = await openDatabase({ url });
  const ctx = { database };
  try {
    const everyone = await listUsers(ctx);
    const template = everyone.find((u) => u.username === like)?.accounts[0];
    if (!template) throw new Error(`no user ${like} with an account to copy`);
    const have = new Set(everyone.map((u) => u.username));
    const names = Array.from({ length: count }, (_, i) => `${prefix}${String(i + 1).padStart(3, '0')}`);
    const missing = names.filter((n) => !have.has(n));
    if (missing.length) console.log(`Adding ${missing.length} users like ${like}…`);
    for (const username of missing) {
      await addUser(ctx, { username, displayName: `Bench ${username}`, password: BENCH_PASSWORD });
      const memberId = await addAccount(ctx, {
        username,
        companyId: template.companyId,
        memberType: template.memberType,
      });
      await grant(ctx, memberId, {
        permissions: template.permissions,
        access: template.corporateStructures,
      });
    }
    return names;
  } finally {
    await database.close();
  }
}
