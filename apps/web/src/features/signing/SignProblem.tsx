import { Alert } from '@mantine/core';
import type { Problem } from './useSignRequest';

/** A refusal shown as an alert (with `asAlert`, a field's message too: a form without the field). */
export function SignProblem({ problem, asAlert = false }: { problem: Problem; asAlert?: boolean }) {
  if (!problem) return null;
  const text = 'alert' in problem ? problem.alert : asAlert ? problem.field : null;
  if (text === null) return null;
  const changed = 'changed' in problem && problem.changed;
  return (
    <Alert color={changed ? 'yellow' : 'red'} role="alert" data-testid="sign-problem">
      {text}
    </Alert>
  );
}
