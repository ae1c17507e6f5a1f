import { Stack, Text, Textarea } from '@mantine/core';
import { type FormEvent, type KeyboardEvent, useState } from 'react';
import { ApiRequestError } from '../../lib/api';
import { DialogButtons } from './DialogButtons';

/** The words of a {@link ReasonForm}, from the catalogue. */
export interface ReasonFormWords {
  lead: string;
  label: string;
  /** Shown when the text is left empty. */
  required: string;
  remaining: (count: number) => string;
  submit: string;
  cancel: string;
  /** Shown when the call fails for another reason than a refusal (which says its own). */
  failed: string;
}

/**
 * A dialog's form that asks for a required, multi-line text of at most `max` characters (what to
 * correct, why an addendum) and submits it: Ctrl+Enter submits, Cancel closes; a refusal (4xx)
 * stays open with the server's message, another failure with `failed`.
 */
export function ReasonForm({
  words,
  max,
  onSubmit,
  onClose,
}: {
  words: ReasonFormWords;
  max: number;
  /** Sends the trimmed text; throws what failed. */
  onSubmit: (text: string) => Promise<void>;
  onClose: () => void;
}) {
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (busy) return;
    if (!text.trim()) {
      setError(words.required);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await onSubmit(text.trim());
    } catch (failure) {
      const refused =
        failure instanceof ApiRequestError &&
        failure.status >= 400 &&
        failure.status < 500 &&
        failure.status !== 401;
      setError(refused ? failure.message : words.failed);
    } finally {
      setBusy(false);
    }
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void submit();
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack gap="md">
        <Text size="sm">{words.lead}</Text>
        <Textarea
          data-autofocus
          label={words.label}
          required
          rows={5}
          maxLength={max}
          value={text}
          onChange={(e) => {
            setText(e.currentTarget.value);
            if (error) setError(null);
          }}
          onKeyDown={onKeyDown}
          error={error ?? undefined}
          description={words.remaining(max - text.length)}
        />
        <DialogButtons cancel={words.cancel} submit={words.submit} busy={busy} onCancel={onClose} />
      </Stack>
    </form>
  );
}
