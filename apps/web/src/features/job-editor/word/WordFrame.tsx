import { Alert, Button, Group, Loader, Text } from '@mantine/core';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { listenForActivity, reportActivity } from '../../../app/session/activityEvents';
import type { WordDocument } from './useWordDocument';
import classes from './WordFrame.module.css';

/**
 * Spec 02 §2 "the word-processor frame": an iframe filled by posting a hidden form (target = the
 * frame's name) with `access_token` and `access_token_ttl` to the WOPI client's address, as WOPI
 * clients expect. A new address makes a new frame; no address leaves it blank (about:blank). The
 * frame's messages go to the document's channel; typing in a frame of this origin counts as the
 * session's activity too.
 */
export function WordFrame({ jobId, word, dock }: { jobId: number; word: WordDocument; dock?: ReactNode }) {
  const { t } = useTranslation();
  const { target, status, channel } = word;
  const frame = useRef<HTMLIFrameElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const name = `quill-word-${jobId}-${target?.key ?? 0}`;

  useEffect(() => {
    const receive = (event: MessageEvent) => channel.receive(event);
    window.addEventListener('message', receive);
    return () => window.removeEventListener('message', receive);
  }, [channel]);

  useEffect(() => {
    const window = frame.current?.contentWindow;
    if (!target || !window) {
      channel.detach();
      return;
    }
    channel.attach(window, new URL(target.url, document.baseURI).origin);
    form.current?.submit();
    return () => channel.detach();
  }, [target, channel]);

  // A frame of this origin (Quill's own client page): its keys and clicks are the user's activity.
  const stopListening = useRef<(() => void) | null>(null);
  useEffect(() => () => stopListening.current?.(), []);
  const onLoad = () => {
    stopListening.current?.();
    stopListening.current = null;
    try {
      const inner = frame.current?.contentDocument;
      if (inner) stopListening.current = listenForActivity(() => reportActivity(), inner);
    } catch {
      // Another origin: its messages count instead.
    }
  };

  return (
    <div className={classes.area}>
      {dock && <div className={classes.dock}>{dock}</div>}
      {status === 'opening' && (
        <Group gap="xs" role="status" className={classes.status}>
          <Loader size="xs" aria-hidden="true" />
          <Text size="sm">{t('word.opening')}</Text>
        </Group>
      )}
      {status === 'failed' && (
        <Alert color="red" role="alert" m="xs">
          <Group justify="space-between">
            <Text size="sm">{t('word.openFailed')}</Text>
            <Button size="compact-sm" variant="default" onClick={word.reopen}>
              {t('word.retry')}
            </Button>
          </Group>
        </Alert>
      )}
      <form ref={form} method="post" action={target?.url} target={name} hidden>
        <input type="hidden" name="access_token" value={target?.accessToken ?? ''} />
        <input type="hidden" name="access_token_ttl" value={String(target?.accessTokenTtl ?? 0)} />
      </form>
      <iframe
        key={name}
        ref={frame}
        name={name}
        title={t('word.frameTitle', { jobId: String(jobId) })}
        className={classes.frame}
        src="about:blank"
        allow="clipboard-read; clipboard-write"
        onLoad={onLoad}
      />
    </div>
  );
}
