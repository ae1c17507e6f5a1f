import { parseArgs } from 'node:util';
import { PERMISSIONS } from '@quill/core';
import { loadConfig } from './config.js';
import { closeContext, createContext } from './createContext.js';
import {
  addAccount,
  addUser,
  disableUser,
  grant,
  listUsers,
  revoke,
  UserAdminError,
} from './services/users/manageUsers.js';
import { createLogger } from './system/logger.js';

const USAGE = `User administration (DATA_DIR or DATABASE_URL as for the server):
  npm run users -- list
  npm run users -- add --username U --name "Display Name" --password P [--company CS --type 1|2|3]
  npm run users -- add-account --username U --company CS --type 1|2|3 [--member "Name"]
  npm run users -- grant --account MEMBER_ID [--permission p1,p2 | --all-permissions] [--access CS1,CS2] [--other-companies]
  npm run users -- revoke --account MEMBER_ID [--permission p1,p2] [--access CS1,CS2] [--other-companies]
  npm run users -- disable --username U      (ends the user's sessions at once)
Member types: 1 dictator, 2 transcriptionist, 3 manager. Permissions: ${PERMISSIONS.join(', ')}.
An account sees only its own company's corporate structures; --other-companies (grant) sets it to
serve other companies too (a transcription service), so its --access to them counts.`;

const list = (v: string | undefined) =>
  v
    ? v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : undefined;
function whole(v: string | undefined, name: string): number {
  const n = Number(v);
  if (!v || !Number.isInteger(n) || n < 0) throw new UserAdminError(`--${name} needs a whole number.`);
  return n;
}
const ids = (v: string | undefined, name: string) => list(v)?.map((x) => whole(x, name));

async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      username: { type: 'string' },
      name: { type: 'string' },
      password: { type: 'string' },
      company: { type: 'string' },
      type: { type: 'string' },
      member: { type: 'string' },
      account: { type: 'string' },
      permission: { type: 'string' },
      'all-permissions': { type: 'boolean' },
      access: { type: 'string' },
      'other-companies': { type: 'boolean' },
      help: { type: 'boolean' },
    },
  });
  const command = positionals[0];
  if (!command || values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const config = loadConfig();
  const ctx = await createContext(config, createLogger({ LOG_LEVEL: 'warn' }));
  try {
    switch (command) {
      case 'list':
        process.stdout.write(`${JSON.stringify(await listUsers(ctx), null, 2)}\n`);
        break;
      case 'add': {
        if (!values.username || !values.name || !values.password) {
          throw new UserAdminError('add needs --username, --name and --password.');
        }
        const id = await addUser(ctx, {
          username: values.username,
          displayName: values.name,
          password: values.password,
        });
        process.stdout.write(`Added user ${values.username} (id ${id}).\n`);
        if (values.company) {
          const memberId = await addAccount(ctx, {
            username: values.username,
            companyId: whole(values.company, 'company'),
            memberType: whole(values.type, 'type'),
          });
          process.stdout.write(`Added account ${memberId}.\n`);
        }
        break;
      }
      case 'add-account': {
        if (!values.username) throw new UserAdminError('add-account needs --username.');
        const memberId = await addAccount(ctx, {
          username: values.username,
          companyId: whole(values.company, 'company'),
          memberType: whole(values.type, 'type'),
          ...(values.member ? { member: values.member } : {}),
        });
        process.stdout.write(`Added account ${memberId}.\n`);
        break;
      }
      case 'grant':
      case 'revoke': {
        const accountId = whole(values.account, 'account');
        const permissions = values['all-permissions'] ? [...PERMISSIONS] : list(values.permission);
        const access = ids(values.access, 'access');
        const otherCompanies = values['other-companies'] === true;
        if (!permissions && !access && !otherCompanies)
          throw new UserAdminError(`${command} needs --permission, --access or --other-companies.`);
        await (command === 'grant' ? grant : revoke)(ctx, accountId, {
          ...(permissions ? { permissions } : {}),
          ...(access ? { access } : {}),
          otherCompanies,
        });
        process.stdout.write(`${command === 'grant' ? 'Granted' : 'Revoked'}.\n`);
        break;
      }
      case 'disable': {
        if (!values.username) throw new UserAdminError('disable needs --username.');
        const ended = await disableUser(ctx, values.username);
        process.stdout.write(`Disabled ${values.username}; ended ${ended} live session(s).\n`);
        break;
      }
      default:
        throw new UserAdminError(`Unknown command ${command}.\n${USAGE}`);
    }
  } finally {
    await closeContext(ctx);
  }
}

main().catch((err: Error) => {
  process.stderr.write(`${err instanceof UserAdminError ? err.message : `Failed: ${err.message}`}\n`);
  process.exit(err instanceof UserAdminError ? 2 : 1);
});
