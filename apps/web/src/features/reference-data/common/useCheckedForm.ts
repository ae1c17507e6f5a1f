import { type FormErrors, useForm } from '@mantine/form';
import { useRef, useState } from 'react';

/**
 * The key, in what `errorsOf` answers, of a message about the form as a whole rather than one of
 * its fields (two settings that do not go together, a section of a list): the dialog's alert says it.
 */
export const WHOLE_FORM = '_form';

export interface CheckedFormOptions<Values> {
  /**
   * The fields checked as they are typed: such a field's message shows whenever it holds something
   * (a value that is not '', 0, false or null), before any try to save; an empty one waits for the
   * first try like the others.
   */
  live?: readonly (keyof Values & string)[];
}

/**
 * A reference data form's values (Mantine's useForm), checked by `errorsOf` — core's rules in the
 * page's words, by field, and {@link WHOLE_FORM} for the form's own — from the first try to save
 * on: a field shows no message before that (but a `live` one that holds something), and after it
 * each change checks the whole form again, so a message goes as soon as the draft is fixed and a
 * change of one field can clear (or bring) another's.
 */
export function useCheckedForm<Values extends object>(
  initialValues: Values,
  errorsOf: (values: Values) => FormErrors,
  { live = [] }: CheckedFormOptions<Values> = {},
) {
  const tried = useRef(false);
  /** What a form shows before the first try: the messages of its live fields that hold something. */
  const liveErrors = (values: Values): FormErrors => {
    if (live.length === 0) return {};
    const errors = errorsOf(values);
    return Object.fromEntries(live.filter((field) => values[field]).map((field) => [field, errors[field]]));
  };
  const [initialErrors] = useState(() => liveErrors(initialValues));
  const form = useForm<Values>({
    initialValues,
    initialErrors,
    validate: errorsOf,
    clearInputErrorOnChange: false,
    onValuesChange: (values) => {
      if (tried.current) form.validate();
      else if (live.length > 0) form.setErrors(liveErrors(values));
    },
  });
  /** The form's submit: shows what is wrong, or gives the values to `act` when nothing is. */
  const submit = (act: (values: Values) => void) => () => {
    tried.current = true;
    form.onSubmit(act)();
  };
  const whole = form.errors[WHOLE_FORM];
  /** The message about the whole form shown now ({@link WHOLE_FORM}), or null. */
  const formError = typeof whole === 'string' ? whole : null;
  return { form, submit, formError };
}

/**
 * What the dialog of a checked form that saves through `save` (useReferenceChange) is given: busy
 * while saving; the form's own message, else the server's refusal; Save checks the form, then
 * saves its values.
 */
export function savingDialog<Values extends object>(
  checked: Pick<ReturnType<typeof useCheckedForm<Values>>, 'submit' | 'formError'>,
  save: { isPending: boolean; error: Error | null; mutate: (values: Values) => void },
  onClose: () => void,
) {
  return {
    busy: save.isPending,
    error: checked.formError ?? save.error?.message ?? null,
    onClose,
    onSubmit: checked.submit((values) => save.mutate(values)),
  };
}
