import { type FormErrors, useForm } from '@mantine/form';
import { useRef } from 'react';

/**
 * A reference data form's values (Mantine's useForm), checked by `errorsOf` — core's rules in the
 * page's words, by field — from the first try to save on: a field shows no message before that,
 * and after it each change checks the whole form again, so a message goes as soon as the draft is
 * fixed and a change of one field can clear (or bring) another's.
 */
export function useCheckedForm<Values extends object>(
  initialValues: Values,
  errorsOf: (values: Values) => FormErrors,
) {
  const tried = useRef(false);
  const form = useForm<Values>({
    initialValues,
    validate: errorsOf,
    clearInputErrorOnChange: false,
    onValuesChange: () => {
      if (tried.current) form.validate();
    },
  });
  /** The form's submit: shows what is wrong, or gives the values to `act` when nothing is. */
  const submit = (act: (values: Values) => void) => () => {
    tried.current = true;
    form.onSubmit(act)();
  };
  return { form, submit };
}
