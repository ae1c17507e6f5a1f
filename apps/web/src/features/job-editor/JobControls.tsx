import { Button, Group, Menu, Text, Tooltip } from '@mantine/core';
import type { SaveModeName, SaveOptions } from '@quill/core/rules/jobEditor/saveOptions';
import type { Gate } from '@quill/core/rules/jobList/actions/actionGates';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { gateReason } from '../../lib/gateReason';
import { useSaveShortcut } from './saving/useSaveShortcut';

/** Spec 02 §9: the save options' tooltips open after 450 ms. */
export const SAVE_TOOLTIP_DELAY_MS = 450;
const EDIT_REASON_ID = 'job-edit-reason';

export interface JobControlsProps {
  editing: boolean;
  /** Loading, booking, saving, cancelling, closing, or the editor not loaded yet. */
  disabled: boolean;
  /** The Edit control: hidden without jobEdit, disabled with its reason on a closed job (editGate). */
  edit: Gate;
  canPrint: boolean;
  canFax: boolean;
  saveOptions: SaveOptions;
  onEdit: () => void;
  /**
   * Issue 27: the job has no document of its own yet but dictation audio (or a starting draft),
   * and the account may edit its text — Edit reads Transcribe and starts the transcription.
   */
  onTranscribe?: () => void;
  onClose: () => void;
  onCancel: () => void;
  onSave: (mode: SaveModeName) => void;
  onPrint: () => void;
  onFax: () => void;
  /** Opens the job's audit trail; absent without jobViewDetails (the control is not shown). */
  onAuditTrail?: () => void;
  /** Issue 40: the Import document control (identity/DocumentImport), after Fax. */
  importDocument?: ReactNode;
  /** Issue 43: Add addendum (a Finished job), beside Edit. */
  addendum?: ReactNode;
}

/**
 * Spec 02 §4/§6 job controls: Edit (jobEdit; on a Finished or cancelled job disabled, its reason
 * shown beside it) and Close in view mode; the save options menu and Cancel in edit mode; print
 * preview (jobViewText) and fax (jobFax) disabled while editing.
 */
export function JobControls(p: JobControlsProps) {
  const { t } = useTranslation();
  useSaveShortcut(p.editing, !p.disabled && p.edit.shown, p.saveOptions.modes, p.onSave);
  const editRefused = gateReason(t, p.edit);
  const whileEditing = p.editing ? t('jobView.disabledWhileEditing') : null;
  const limitHint =
    p.saveOptions.limit === 'tooManyAddressees'
      ? t('jobView.removeAddressees')
      : p.saveOptions.limit === 'notEnoughAddressees'
        ? t('jobView.addAddressees')
        : null;
  return (
    <Group gap="xs" role="group" aria-label={t('jobView.details')}>
      {p.editing ? (
        <>
          <Menu position="bottom-start" withinPortal>
            <Menu.Target>
              <Button disabled={p.disabled || !p.edit.shown}>{t('jobView.save')}</Button>
            </Menu.Target>
            <Menu.Dropdown aria-label={t('jobView.saveOptions')}>
              {limitHint && (
                <Menu.Label>
                  <Text size="xs" fw={600}>
                    {t('jobView.limitedSaveOptions')}
                  </Text>
                  <Text size="xs">{limitHint}</Text>
                </Menu.Label>
              )}
              {p.saveOptions.modes.map((mode) => (
                <Tooltip
                  key={mode}
                  label={t(`jobView.saveModeHints.${mode}`)}
                  openDelay={SAVE_TOOLTIP_DELAY_MS}
                  position="right"
                  multiline
                  w={260}
                >
                  <Menu.Item onClick={() => p.onSave(mode)}>{t(`jobView.saveModes.${mode}`)}</Menu.Item>
                </Tooltip>
              ))}
            </Menu.Dropdown>
          </Menu>
          <Button variant="default" disabled={p.disabled} onClick={p.onCancel}>
            {t('jobView.cancel')}
          </Button>
        </>
      ) : (
        <>
          {p.edit.shown && (
            <Button
              disabled={p.disabled || editRefused !== null}
              onClick={p.onTranscribe ?? p.onEdit}
              aria-describedby={editRefused ? EDIT_REASON_ID : undefined}
              data-testid={p.onTranscribe ? 'job-transcribe' : 'job-edit'}
            >
              {p.onTranscribe ? t('transcribe.start.button') : t('jobView.edit')}
            </Button>
          )}
          {p.addendum}
          <Button variant="default" disabled={p.disabled} onClick={p.onClose}>
            {t('jobView.close')}
          </Button>
        </>
      )}
      {p.canPrint && (
        <Tooltip label={whileEditing} disabled={!whileEditing}>
          <span>
            <Button variant="default" disabled={p.disabled || p.editing} onClick={p.onPrint}>
              {t('jobView.printPreview')}
            </Button>
          </span>
        </Tooltip>
      )}
      {p.canFax && (
        <Tooltip label={whileEditing} disabled={!whileEditing}>
          <span>
            <Button variant="default" disabled={p.disabled || p.editing} onClick={p.onFax}>
              {t('jobView.fax')}
            </Button>
          </span>
        </Tooltip>
      )}
      {p.importDocument}
      {p.onAuditTrail && (
        <Button variant="default" onClick={p.onAuditTrail} data-testid="job-audit-trail">
          {t('auditTrail.button')}
        </Button>
      )}
      {!p.editing && editRefused && (
        <Text size="sm" id={EDIT_REASON_ID} data-testid="job-edit-reason">
          {editRefused}
        </Text>
      )}
    </Group>
  );
}
