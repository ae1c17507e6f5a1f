import { Button, Text, TextInput } from '@mantine/core';
import { isValidFaxNumber } from '@quill/core/rules/recipients/faxNumber';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './Bulk.module.css';
import { type CustomRecipientFields, customComplete } from './faxRecipients';

const EMPTY: CustomRecipientFields = { title: '', firstName: '', lastName: '', faxNumber: '' };

/**
 * Spec 01 §3/§5: a custom recipient from title, first name, last name and fax number. Add (or
 * Enter) stays disabled until first name, last name and a valid fax number are there.
 */
export function CustomRecipientForm({ onAdd }: { onAdd: (fields: CustomRecipientFields) => void }) {
  const { t } = useTranslation();
  const [fields, setFields] = useState<CustomRecipientFields>(EMPTY);
  const complete = customComplete(fields);
  const numberInvalid = fields.faxNumber.trim() !== '' && !isValidFaxNumber(fields.faxNumber);
  const started = Object.values(fields).some((v) => v.trim() !== '');
  const canAdd = complete && !numberInvalid;

  const set = (name: keyof CustomRecipientFields) => (e: { currentTarget: HTMLInputElement }) => {
    const value = e.currentTarget.value;
    setFields((f) => ({ ...f, [name]: value }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!canAdd) return;
    onAdd(fields);
    setFields(EMPTY);
  };

  return (
    <form onSubmit={submit} aria-labelledby="fax-custom-title" noValidate>
      <h3 id="fax-custom-title" className={classes.sectionTitle}>
        {t('fax.custom')}
      </h3>
      <div className={classes.customGrid}>
        <TextInput size="xs" label={t('fax.customTitle')} value={fields.title} onChange={set('title')} />
        <TextInput
          size="xs"
          label={t('fax.firstName')}
          value={fields.firstName}
          onChange={set('firstName')}
          withAsterisk
        />
        <TextInput
          size="xs"
          label={t('fax.lastName')}
          value={fields.lastName}
          onChange={set('lastName')}
          withAsterisk
        />
        <TextInput
          size="xs"
          label={t('fax.faxNumber')}
          value={fields.faxNumber}
          onChange={set('faxNumber')}
          inputMode="tel"
          withAsterisk
          error={numberInvalid}
          aria-describedby={numberInvalid ? 'fax-custom-number-error' : undefined}
        />
        <Button size="xs" type="submit" disabled={!canAdd} variant="light">
          {t('fax.add')}
        </Button>
      </div>
      {started && !complete && (
        <Text size="xs" c="red.8" mt={4} role="alert">
          {t('fax.customRecipientInvalid')}
        </Text>
      )}
      {numberInvalid && (
        <Text size="xs" c="red.8" mt={4} id="fax-custom-number-error" role="alert">
          {t('fax.invalid')}
        </Text>
      )}
    </form>
  );
}
