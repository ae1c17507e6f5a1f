import { Anchor, Button, Group, SimpleGrid, TextInput, VisuallyHidden } from '@mantine/core';
import { PHYSICIAN_DETAIL_FIELDS } from '@quill/core/contract/physician';
import { legacyUrl } from '@quill/core/rules/settings/navigation';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExternalLink } from '../../../app/nav/icons';
import { DETAIL_FIELDS } from './physicianDetails';
import type { PhysicianScope } from './physicianScope';
import classes from './Recipients.module.css';
import type { PhysicianModalState } from './usePhysicianModal';

export interface PhysicianFormProps {
  state: Pick<PhysicianModalState, 'mode' | 'form' | 'errors' | 'selected' | 'setField' | 'convert'>;
  scope: PhysicianScope;
}

/** Spec 02 §7: the external management app's page of a physician (on the legacy host). */
export const managementUrl = (baseUrl: string, userId: number) =>
  legacyUrl(baseUrl, `/users/user.aspx?ACT=EDIT&userId=${userId}`);

/**
 * Spec 02 §2/§5: the physician's details — editable for a custom physician, read-only otherwise.
 * The access code is shown for a chosen physician and, for a custom one, only where Confirm and
 * Save can give it one. A chosen physician offers Convert to custom and, with a management app
 * configured, its page there in a new window.
 */
export function PhysicianForm({ state, scope }: PhysicianFormProps) {
  const { t } = useTranslation();
  const custom = state.mode === 'custom';
  const fields = DETAIL_FIELDS.filter((f) => f !== 'accessCode' || !custom || scope.canSave);
  const chosen = state.mode === 'selected' ? state.selected : null;
  // 'Last name is required' once the field was left empty (Confirm says so by being disabled).
  const [lastNameLeft, setLastNameLeft] = useState(false);
  const missingLastName = custom && lastNameLeft && state.form.lastName.trim() === '';
  // Add Custom and Convert to custom lead to the first field (the form is mounted anew per mode).
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (custom) first.current?.focus();
  }, [custom]);
  return (
    <fieldset className={classes.form}>
      <VisuallyHidden component="legend">{t('physicianModal.details')}</VisuallyHidden>
      {chosen && (
        <Group gap="sm" mb="xs">
          <Button size="compact-sm" variant="light" onClick={state.convert}>
            {t('physicianModal.convertToCustom')}
          </Button>
          {scope.managementBaseUrl !== '' && chosen.userId > 0 && (
            <Anchor
              size="sm"
              href={managementUrl(scope.managementBaseUrl, chosen.userId)}
              target="_blank"
              rel="noopener noreferrer"
            >
              {t('physicianModal.openInManagement')} <ExternalLink />
              <VisuallyHidden> {t('nav.opensInNewWindow')}</VisuallyHidden>
            </Anchor>
          )}
        </Group>
      )}
      <SimpleGrid cols={2} spacing="xs" verticalSpacing={6}>
        {fields.map((field) => (
          <TextInput
            key={field}
            ref={field === fields[0] ? first : undefined}
            name={field}
            size="xs"
            label={t(`physicianModal.fields.${field}`)}
            value={state.form[field]}
            onChange={(e) => state.setField(field, e.currentTarget.value)}
            readOnly={!custom}
            variant={custom ? 'default' : 'filled'}
            maxLength={PHYSICIAN_DETAIL_FIELDS[field]}
            withAsterisk={custom && field === 'lastName'}
            onBlur={field === 'lastName' ? () => setLastNameLeft(true) : undefined}
            error={
              (custom && state.errors[field]) ||
              (field === 'lastName' && missingLastName ? t('physicianModal.lastNameRequired') : undefined)
            }
            autoComplete="off"
          />
        ))}
      </SimpleGrid>
    </fieldset>
  );
}
