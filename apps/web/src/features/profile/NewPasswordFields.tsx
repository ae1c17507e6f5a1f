import { PasswordInput } from '@mantine/core';
import { PASSWORD_RULES, passwordProblem, passwordProblemText } from '@quill/core/rules/auth/password';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A new password typed twice, checked as it is typed by the rules the browser can check (length,
 * repetition, sequence, the user name; rules/auth/password.ts); the server also checks the common list.
 * Used by My Profile and the set-password page.
 */
export function useNewPassword(userName: string) {
  const [next, setNext] = useState('');
  const [again, setAgain] = useState('');
  const [touched, setTouched] = useState(false);
  const problem = next === '' ? null : passwordProblem(next, { username: userName });
  return {
    next,
    again,
    touched,
    problem,
    mismatch: again !== '' && again !== next,
    setNext,
    setAgain,
    setTouched,
    /** Shows the problems, and says whether the pair may be sent. */
    check: () => {
      setTouched(true);
      return problem === null && next !== '' && again === next;
    },
    reset: () => {
      setNext('');
      setAgain('');
      setTouched(false);
    },
  };
}

export function NewPasswordFields({ state }: { state: ReturnType<typeof useNewPassword> }) {
  const { t } = useTranslation();
  return (
    <>
      <PasswordInput
        label={t('profile.newPassword')}
        description={t('profile.passwordHint', { min: String(PASSWORD_RULES.minLength) })}
        value={state.next}
        required
        autoComplete="new-password"
        onChange={(e) => state.setNext(e.currentTarget.value)}
        onBlur={() => state.setTouched(true)}
        error={state.touched && state.problem ? passwordProblemText(state.problem) : null}
      />
      <PasswordInput
        label={t('profile.confirmPassword')}
        value={state.again}
        required
        autoComplete="new-password"
        onChange={(e) => state.setAgain(e.currentTarget.value)}
        error={state.touched && state.mismatch ? t('profile.confirmMismatch') : null}
      />
    </>
  );
}
