import { Button, Group, Paper, Title, Tooltip } from '@mantine/core';
import type { AdtItem, JobAdt } from '@quill/core/contract/adt/adt';
import { LIMITS } from '@quill/core/rules/settings/constants';
import { type ReactNode, useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { AddFieldMenu } from './AddFieldMenu';
import { AdtFieldGroups } from './AdtFieldGroups';
import { withItemPhysician } from './adtDraft';
import { useAdtFields } from './useAdtFields';
import { ADD_FIELD_SELECTOR, fieldSelector, useFocusField } from './useFocusField';

export interface PatientVisitPanelProps {
  adt: JobAdt;
  onChange: (next: JobAdt) => void;
  /** Fields and buttons can be used (edit mode, jobEditAdt, nothing in progress). */
  editable: boolean;
  /** The job's attachmentsEnabled: the Attachments button shows. */
  attachmentsEnabled: boolean;
  /** Empties every changeable value of the ADT reloaded. */
  onClear: () => void;
  /** Drops the unsaved ADT changes and reloads it. */
  onRevert: () => void;
  /** Opens the Search & Accept ADT modal. */
  onSearch: () => void;
  /** Opens the Attachment Search modal (attachments/AttachmentSearchModal). */
  onAttachments: () => void;
  /** Issue 39: the document's patient beside the job's, shown above the fields. */
  comparison?: ReactNode;
}

/** A disabled button explained by a tooltip (a disabled button gets no pointer events itself). */
function Explained({ tip, children }: { tip: string | null; children: ReactNode }) {
  if (!tip) return children;
  return (
    <Tooltip label={tip} openDelay={LIMITS.tooltipDelayMs}>
      <span>{children}</span>
    </Tooltip>
  );
}

/**
 * Spec 02 §2 "Patient Details card": Add Field, Search (disabled with a tooltip without a search
 * configuration), Attachments (only when enabled; in view mode too), Clear and Revert; the
 * fields under Mandatory and Additional by ordinal with 0 last (§4 "ADT fields").
 */
export function PatientVisitPanel({
  adt,
  onChange,
  editable,
  attachmentsEnabled,
  onClear,
  onRevert,
  onSearch,
  onAttachments,
  comparison,
}: PatientVisitPanelProps) {
  const { t } = useTranslation();
  const onItems = useCallback(
    (items: AdtItem[]) => onChange({ ...adt, outputAdtData: items }),
    [adt, onChange],
  );
  const fields = useAdtFields(adt.outputAdtData, onItems);
  const focus = useFocusField();
  const noSearch = adt.adtSearchConfiguration === null;
  const searchTip = noSearch ? t('adtPanel.noSearchConfiguration') : null;
  const reload = (then: () => void) => () => {
    fields.reset();
    then();
  };

  return (
    <Paper withBorder p="sm" component="section" aria-label={t('adtPanel.title')} ref={focus.container}>
      <Title order={2} size="h5" mb="xs">
        {t('adtPanel.title')}
      </Title>
      <Group gap={4} mb="xs">
        <AddFieldMenu
          label={t('adtPanel.addField')}
          addable={fields.groups.addable}
          editable={editable}
          onAdd={(key) => {
            fields.onAdd(key);
            focus.later(fieldSelector(key));
          }}
        />
        <Explained tip={searchTip}>
          <Button size="compact-xs" variant="default" disabled={!editable || noSearch} onClick={onSearch}>
            {t('adtPanel.search')}
          </Button>
        </Explained>
        {attachmentsEnabled && (
          <Tooltip label={t('adtPanel.attachmentsHint')} openDelay={LIMITS.tooltipDelayMs}>
            <Button size="compact-xs" variant="default" onClick={onAttachments}>
              {t('adtPanel.attachments')}
            </Button>
          </Tooltip>
        )}
        <Tooltip label={t('adtPanel.clearHint')} openDelay={LIMITS.tooltipDelayMs}>
          <Button size="compact-xs" variant="default" disabled={!editable} onClick={reload(onClear)}>
            {t('adtPanel.clear')}
          </Button>
        </Tooltip>
        <Tooltip label={t('adtPanel.revertHint')} openDelay={LIMITS.tooltipDelayMs}>
          <Button size="compact-xs" variant="default" disabled={!editable} onClick={reload(onRevert)}>
            {t('adtPanel.revert')}
          </Button>
        </Tooltip>
      </Group>
      {comparison}
      <AdtFieldGroups
        groups={fields.groups}
        physicians={adt.hl7Physician}
        editable={editable}
        onValue={fields.onValue}
        onRemove={(key) => {
          fields.onRemove(key);
          focus.later(ADD_FIELD_SELECTOR);
        }}
        onPhysician={(base, physician) =>
          onChange({ ...adt, hl7Physician: withItemPhysician(adt.hl7Physician, base, physician) })
        }
      />
    </Paper>
  );
}
