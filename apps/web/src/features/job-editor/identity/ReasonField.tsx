import { Textarea } from '@mantine/core';
import { IDENTITY_REASON_MAX } from '@quill/core/contract/adt/patientIdentity';
import { useEffect, useState } from 'react';

/**
 * The reason a person gives for going on despite a patient-identity warning (issues 39 and 40):
 * empty each time the dialog opens; `confirm` answers it only when given, else marks it missing.
 */
export function useRequiredReason(opened: boolean) {
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  useEffect(() => {
    if (opened) {
      setReason('');
      setTried(false);
    }
  }, [opened]);
  const given = reason.trim();
  return {
    reason,
    setReason,
    missing: tried && !given,
    confirm(onConfirm: (reason: string) => void) {
      setTried(true);
      if (given) onConfirm(given);
    },
  };
}

export interface ReasonFieldProps {
  label: string;
  /** Shown once a confirmation was tried without a reason. */
  requiredMessage: string;
  state: ReturnType<typeof useRequiredReason>;
}

/** The required reason: one line (the server refuses line breaks), at most IDENTITY_REASON_MAX characters. */
export function ReasonField({ label, requiredMessage, state }: ReasonFieldProps) {
  return (
    <Textarea
      label={label}
      required
      autosize
      minRows={2}
      maxLength={IDENTITY_REASON_MAX}
      value={state.reason}
      onChange={(e) => state.setReason(e.currentTarget.value.replace(/[\r\n]+/g, ' '))}
      error={state.missing ? requiredMessage : undefined}
      data-autofocus
    />
  );
}
