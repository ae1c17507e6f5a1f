import { Button, type ButtonProps, Tooltip } from '@mantine/core';
import type { Gate } from '@quill/core/rules/jobList/actions/actionGates';
import { LIMITS } from '@quill/core/rules/settings/constants';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { gateReason } from '../../lib/gateReason';

/**
 * A button of a gate: hidden when the gate hides it; when it cannot be used it stays focusable
 * (aria-disabled), ignores clicks and says why in its tooltip and description.
 */
export function GatedButton({
  gate,
  onClick,
  children,
  testId,
  ...props
}: ButtonProps & { gate: Gate; onClick: () => void; children: string; testId?: string }) {
  const { t } = useTranslation();
  const reasonId = useId();
  if (!gate.shown) return null;
  const reason = gateReason(t, gate);
  const button = (
    <Button
      {...props}
      data-testid={testId}
      data-disabled={reason ? true : undefined}
      aria-disabled={reason ? true : undefined}
      aria-describedby={reason ? reasonId : undefined}
      onClick={(event) => {
        if (reason) event.preventDefault();
        else onClick();
      }}
    >
      {children}
    </Button>
  );
  // One tree whether or not it can be used: the button keeps its focus as the gate changes.
  return (
    <>
      <Tooltip label={reason ?? ''} disabled={!reason} openDelay={LIMITS.tooltipDelayMs} withArrow>
        {button}
      </Tooltip>
      <span id={reasonId} hidden>
        {reason}
      </span>
    </>
  );
}
