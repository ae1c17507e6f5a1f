import { message } from '@quill/core/i18n/format';
import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { hostChannel } from './hostMessages';
import type { PageConfig } from './pageConfig';
import { problemText, statusText } from './statusText';
import { wopiHost } from './wopiHost';
import { WordSession } from './wordSession';

// The editor is most of the page's weight: it loads only when there is a document to show.
const DocxView = lazy(() => import('./DocxView'));

function Notice({ text }: { text: string }) {
  return (
    <div className="wc-notice" role="alert">
      {text}
    </div>
  );
}

/** A page that shows only a message: no document, nothing sent anywhere. */
function MessagePage({ text }: { text: string }) {
  return (
    <main className="wc-page wc-message">
      <Notice text={text} />
    </main>
  );
}

function DocumentPage({ config }: { config: Extract<PageConfig, { kind: 'open' }> }) {
  const [session] = useState(
    () =>
      new WordSession({
        mode: config.mode,
        host: wopiHost(config.wopiSrc, config.token),
        channel: hostChannel(window),
      }),
  );
  useEffect(() => session.connect(), [session]);
  const state = useSyncExternalStore(session.subscribe, session.getState);

  if (state.phase === 'failed') return <MessagePage text={problemText(state)} />;
  const opening = state.phase === 'opening' || !state.document;
  return (
    <main className="wc-page">
      <header className="wc-bar">
        {/* The editor's own title bar names the document while it edits. */}
        <span className="wc-name">{state.editable ? '' : state.fileName || message('wordClient.title')}</span>
        <span className="wc-status" role="status" aria-label={message('wordClient.status')}>
          {opening ? message('wordClient.opening') : statusText(state)}
        </span>
      </header>
      {state.notice && <Notice text={message(`wordClient.${state.notice}`)} />}
      {state.document && (
        <Suspense fallback={null}>
          <DocxView
            document={state.document}
            fileName={state.fileName}
            editable={state.editable}
            onShown={(editor) => session.documentShown(editor)}
            onChange={() => session.documentChanged()}
            onFailed={(detail) => session.editorFailed(detail)}
          />
        </Suspense>
      )}
    </main>
  );
}

/**
 * Quill's embedded WOPI client (issue 22): the page a Word job's frame loads when no external WOPI
 * client is configured. Its own chrome is a status line; the editor's toolbar does the rest, and
 * the host page's Save drives saving (Action_Save).
 */
export function WordClientPage({ config }: { config: PageConfig }) {
  if (config.kind === 'noToken') return <MessagePage text={message('wordClient.openFromJobView')} />;
  if (config.kind === 'badAddress') return <MessagePage text={message('wordClient.badAddress')} />;
  return <DocumentPage config={config} />;
}
