import { Alert, Text } from '@mantine/core';

/** A failed call as a modal shows it inline: the spec's text and, for a refused call, the server's reason. */
export interface CallFailureInfo {
  message: string;
  detail: string | undefined;
}

/** The inline alert of a failed call in the job view's modals (ADT search, attachments). */
export function CallFailure({ failure }: { failure: CallFailureInfo | null }) {
  if (!failure) return null;
  return (
    <Alert color="red" role="alert">
      <Text size="sm">{failure.message}</Text>
      {failure.detail && <Text size="sm">{failure.detail}</Text>}
    </Alert>
  );
}
