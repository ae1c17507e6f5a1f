import { INTERFACES } from '@quill/core/contract/endpoints/interfaces';
import type { InterfaceMessage, InterfaceMessages } from '@quill/core/contract/interfaceLog';
import { callApi } from '../../lib/api';

/** What the filter form holds ('' = not used). */
export interface MessageFilters {
  direction: string;
  status: string;
  type: string;
  from: string;
  to: string;
}

export const NO_FILTERS: MessageFilters = { direction: '', status: '', type: '', from: '', to: '' };

export const interfaceKeys = {
  all: ['interfaces'] as const,
  list: (f: MessageFilters, page: number, pageSize: number) =>
    ['interfaces', 'list', f, page, pageSize] as const,
  message: (id: number) => ['interfaces', 'message', id] as const,
};

/** The Interfaces screen's calls (issue 44). */
export function listMessages(f: MessageFilters, page: number, pageSize: number, signal?: AbortSignal) {
  const query: Record<string, string | number> = { page, pageSize };
  for (const [k, v] of Object.entries(f)) if (v.trim() !== '') query[k] = v.trim();
  return callApi(INTERFACES.list, { query }, { signal }) as Promise<InterfaceMessages>;
}
export const loadMessage = (messageId: number, signal?: AbortSignal): Promise<InterfaceMessage> =>
  callApi(INTERFACES.message, { params: { messageId } }, { signal });
export const markHandled = (messageId: number) => callApi(INTERFACES.markHandled, { body: { messageId } });
export const resendMessage = (messageId: number) => callApi(INTERFACES.resend, { body: { messageId } });
