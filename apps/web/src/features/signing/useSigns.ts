import { accountSigns } from '@quill/core/rules/signing/signGates';
import { useSession } from '../../app/session/SessionContext';

/** True when the signed-in account signs documents (its own physician's, or for one it may sign for). */
export function useSigns(): boolean {
  const { account, userSettings } = useSession();
  return accountSigns(account.memberType, userSettings);
}
