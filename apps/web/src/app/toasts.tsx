import { Notifications, notifications } from '@mantine/notifications';
import { LIMITS } from '@quill/core/rules/settings/constants';
import { i18n } from '../lib/i18n';

/**
 * Spec 01 §9: toasts sit bottom-right, close after 10 s, at most 3 at a time, newest on top.
 * Mantine shows the highest priority first and queues what is over the limit, so every toast gets
 * a rising priority (newest first) and the queue of older toasts is dropped.
 */
let sequence = 0;

export type ToastKind = 'error' | 'warning' | 'success' | 'info';

const COLORS: Record<ToastKind, string> = { error: 'red', warning: 'yellow', success: 'green', info: 'blue' };

export interface ToastOptions {
  kind?: ToastKind;
  title?: string;
  /** Same id: shown once (a second call while it is open does nothing). */
  id?: string;
  /** Stays until {@link hideToast} takes it away, with a spinner (work in progress). */
  untilHidden?: boolean;
}

/** Shows a toast with a catalogue message. Returns its id. */
export function showToast(
  message: string,
  { kind = 'info', title, id, untilHidden }: ToastOptions = {},
): string {
  sequence += 1;
  const shown = notifications.show({
    id,
    message,
    title,
    color: COLORS[kind],
    priority: sequence,
    withBorder: true,
    ...(untilHidden ? { autoClose: false, loading: true, withCloseButton: false } : {}),
    closeButtonProps: { 'aria-label': i18n.t('app.closeToast') },
  });
  notifications.cleanQueue();
  return shown;
}

/** Takes a toast away (one shown `untilHidden` when its work is done). */
export function hideToast(id: string): void {
  notifications.hide(id);
}

/** The toast container, configured once for the whole app. */
export function ToastHost() {
  return <Notifications position="bottom-right" autoClose={LIMITS.toastTimeoutMs} limit={LIMITS.maxToasts} />;
}
