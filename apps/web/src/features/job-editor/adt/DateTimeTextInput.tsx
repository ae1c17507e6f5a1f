import { TextInput, type TextInputProps } from '@mantine/core';
import { dateTimeFromText, dateTimeText } from '@quill/core/rules/adt/adtDateTimeText';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A date-time ADT value typed as the app writes times, MM/DD/YYYY with a 24-hour HH:mm (issue 39;
 * the browser's own picker wrote "10/13/2026, 05:54:48 AM"). What is typed is taken when it reads
 * as a real date and time, and on leaving the field; otherwise the reason shows and the value is
 * left as it was.
 */
export function DateTimeTextInput({
  value,
  field,
  onValue,
  ...common
}: Omit<TextInputProps, 'value' | 'onChange'> & {
  value: string;
  field: string;
  onValue: (xsDateTime: string) => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(() => dateTimeText(value));
  const [bad, setBad] = useState(false);
  // A value changed elsewhere (Revert, a search's Accept) replaces what is shown.
  const [shownFor, setShownFor] = useState(value);
  if (value !== shownFor) {
    setShownFor(value);
    if (dateTimeFromText(text) !== value) setText(dateTimeText(value));
  }
  return (
    <TextInput
      {...common}
      value={text}
      placeholder={t('adtPanel.dateTimePlaceholder')}
      error={bad ? t('adtPanel.badDateTimeText', { field }) : common.error}
      onChange={(e) => {
        const typed = e.currentTarget.value;
        setText(typed);
        setBad(false);
        const read = typed.trim() === '' ? '' : dateTimeFromText(typed);
        if (read !== null && read !== value) onValue(read);
      }}
      onBlur={() => {
        if (text.trim() !== '' && dateTimeFromText(text) === null) setBad(true);
      }}
    />
  );
}
