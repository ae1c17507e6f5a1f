import { NativeSelect, TextInput } from '@mantine/core';
import { ADT_LIMITS, type AdtItem } from '@quill/core/contract/adt/adt';
import { adtKey, readAdtValue } from '@quill/core/rules/adt/adtValues';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './AdtPanels.module.css';
import { DateTimeTextInput } from './DateTimeTextInput';

export interface AdtFieldInputProps {
  item: AdtItem;
  /** The new text of the value (null: empty). */
  onChange: (text: string | null) => void;
  /** False: shown, not changeable (view mode, no permission, something in progress). */
  editable: boolean;
  /** Shown after the input (the remove button of an optional field). */
  after?: ReactNode;
}

/** Spec 02 §5: a number of at most 32 digits, typed: sign, digits and one decimal point. */
const NUMBER_TYPING = /^[+-]?\d*(?:\.\d*)?$/;
const digitCount = (text: string) => text.replace(/\D/g, '').length;

/**
 * One ADT value's input by its data type (spec 02 §2, §5): date and date-time pickers, time,
 * decimal (up to 32 digits), boolean (not set, yes, no), social security number checked on blur
 * against ###-##-#### (a bad value is cleared, with the reason shown until the next change), and
 * text. Read-only items are shown and never changed; highlighted items are marked.
 */
export function AdtFieldInput({ item, onChange, editable, after }: AdtFieldInputProps) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const field = item.displayName;
  const readOnly = item.readOnly || !editable;
  const description = item.readOnly
    ? t('adtPanel.readOnly')
    : item.highlighted
      ? t('adtPanel.highlighted')
      : undefined;
  const change = (text: string) => {
    setError(null);
    onChange(text === '' ? null : text);
  };
  const common = {
    label: field,
    description,
    error,
    // Shown, not changeable: read-only keeps the value legible (a disabled input greys it out);
    // a field that can never be changed is also filled grey.
    readOnly,
    variant: item.readOnly ? ('filled' as const) : ('default' as const),
    className: item.highlighted ? classes.highlighted : undefined,
    size: 'xs' as const,
    'data-adt-key': adtKey(item.hl7Identifier),
    // The remove button sits beside the input, not over a picker's own icon.
    inputContainer: after
      ? (children: ReactNode) => (
          <div className={classes.withAfter}>
            {children}
            {after}
          </div>
        )
      : undefined,
  };
  const value = item.value ?? '';

  switch (item.displayDataType) {
    case 'boolean':
      return (
        <NativeSelect
          {...common}
          disabled={readOnly}
          value={item.parsedValue === true ? 'true' : item.parsedValue === false ? 'false' : ''}
          onChange={(e) => change(e.currentTarget.value)}
          data={[
            { value: '', label: t('adtPanel.notSet') },
            { value: 'true', label: t('adtPanel.yes') },
            { value: 'false', label: t('adtPanel.no') },
          ]}
        />
      );
    case 'date':
      return (
        <TextInput {...common} type="date" value={value} onChange={(e) => change(e.currentTarget.value)} />
      );
    case 'datetime':
      return <DateTimeTextInput {...common} value={value} field={field} onValue={change} />;
    case 'time':
      return (
        <TextInput
          {...common}
          type="time"
          step={1}
          value={value}
          onChange={(e) => change(e.currentTarget.value)}
        />
      );
    case 'decimal':
      return (
        <TextInput
          {...common}
          inputMode="decimal"
          value={value}
          onChange={(e) => {
            const text = e.currentTarget.value.trim();
            if (NUMBER_TYPING.test(text) && digitCount(text) <= ADT_LIMITS.maxDecimalDigits) change(text);
          }}
          onBlur={() => {
            if (!readAdtValue(item.dataType, item.value).ok) setError(t('adt.badDecimal', { field }));
          }}
        />
      );
    case 'social security number':
      return (
        <TextInput
          {...common}
          placeholder="###-##-####"
          maxLength={11}
          value={value}
          onChange={(e) => change(e.currentTarget.value)}
          onBlur={() => {
            if (readAdtValue(item.dataType, item.value).ok) return;
            onChange(null);
            setError(t('adt.badSsn', { field }));
          }}
        />
      );
    default:
      return (
        <TextInput
          {...common}
          maxLength={ADT_LIMITS.maxValueLength}
          value={value}
          onChange={(e) => change(e.currentTarget.value)}
        />
      );
  }
}
