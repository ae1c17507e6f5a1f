import { Button, Group } from '@mantine/core';

/** A dialog form's Cancel and submit buttons: Cancel is off while the request runs, submit shows it. */
export function DialogButtons({
  cancel,
  submit,
  busy,
  onCancel,
}: {
  cancel: string;
  submit: string;
  busy: boolean;
  onCancel: () => void;
}) {
  return (
    <Group justify="flex-end" gap="sm">
      <Button variant="default" onClick={onCancel} disabled={busy}>
        {cancel}
      </Button>
      <Button type="submit" loading={busy}>
        {submit}
      </Button>
    </Group>
  );
}
