/**
 * The job list's search worker (see jobListSearch.ts): builds the rows' search texts and matches
 * queries on a thread of its own, so the list's main thread neither builds nor holds them.
 */
import { type SearchReply, type SearchRequest, searchRequestHandler } from './jobListSearchProtocol';

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<SearchRequest>) => void) | null;
  postMessage(message: SearchReply, transfer?: Transferable[]): void;
};
const handle = searchRequestHandler();

scope.onmessage = (event) => {
  const reply = handle(event.data);
  if (!reply) return;
  if ('matches' in reply) scope.postMessage(reply, [reply.matches.buffer]);
  else scope.postMessage(reply);
};
