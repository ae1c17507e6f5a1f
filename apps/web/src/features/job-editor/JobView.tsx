import { Badge, Paper } from '@mantine/core';
import {
  adtEditGate,
  adtViewGate,
  allowed,
  editGate,
  faxGate,
  printPreviewGate,
} from '@quill/core/rules/jobList/actions/actionGates';
import { useBlocker, useNavigate } from '@tanstack/react-router';
import type { Editor, JSONContent } from '@tiptap/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHasPermission, usePermissions } from '../../app/session/SessionContext';
import { ShellSkipLink } from '../../app/shell/ShellContext';
import { showToast } from '../../app/toasts';
import { useDocumentTitle } from '../../app/useDocumentTitle';
import { JobDeliveries } from '../deliveries/JobDeliveries';
import { BULK_URLS } from '../job-list/bulk/bulkApi';
import { FaxModal } from '../job-list/bulk/FaxModal';
import { useMarkViewed } from '../job-list/viewedMarks';
import { AddendumAction } from './addendum/AddendumAction';
import { AddendumBanner } from './addendum/AddendumBanner';
import { useAdtPanels } from './adt/useAdtPanels';
import { AuditTrailDialog } from './audit/AuditTrailDialog';
import { type EditOutcome, useBooking } from './booking/useBooking';
import { DocumentArea, JobLoadFailure, JobLoading, JobProblem } from './DocumentArea';
import { changedSections } from './editor/cdaDoc';
import { EDITOR_TOOLBAR_ID } from './editor/editorIds';
import { DocumentImport } from './identity/DocumentImport';
import { DocumentPatientBanner } from './identity/DocumentPatientBanner';
import { IdentityConfirmDialog } from './identity/IdentityConfirmDialog';
import { JobControls } from './JobControls';
import { NewerVersionDialog, ProtectedJobDialog, UnsavedChangesDialog } from './JobDialogs';
import { JobHeader } from './JobHeader';
import { JobNotesCard } from './JobNotesCard';
import { JobSidePanel } from './JobSidePanel';
import classes from './JobView.module.css';
import { StartingDraftNotice } from './StartingDraftNotice';
import { DraftBanner } from './saving/DraftBanner';
import { useDraft } from './saving/useDraft';
import { useJobEdits } from './saving/useJobEdits';
import { useJobSave } from './saving/useJobSave';
import { useJobLoad, useRefreshDetails, versionOf } from './useJobLoad';
import { finishTenantEdit, useTenantExitMessage } from './useTenantEdit';
import { useWordDocument } from './word/useWordDocument';

/**
 * Spec 02 §2/§4 job view: details header, controls, the CDA editor or the Word frame (audio
 * docked), the notes card and the side panels; the edit flow (booking/, saving/, word/) and, for
 * the tenant route, the automatic book-out and the opener messages.
 */
export function JobView({ jobId, tenant = false }: { jobId: number; tenant?: boolean }) {
  const { t } = useTranslation();
  const canView = useHasPermission('jobView');
  const permissions = usePermissions();
  const canEditText = useHasPermission('jobEditText');
  const canPrint = printPreviewGate(permissions).shown;
  const canFax = allowed(faxGate(permissions));
  const canEditDetails = useHasPermission('jobEditAdt');
  const adtVisible = allowed(adtViewGate(permissions));
  const canEditAdt = allowed(adtEditGate(permissions));
  const markViewed = useMarkViewed();
  useDocumentTitle(tenant ? t('nav.tenantEditTitle') : t('jobView.title', { jobId: String(jobId) }));
  useTenantExitMessage(tenant, jobId);
  const navigate = useNavigate();
  const load = useJobLoad(jobId, canView);
  const job = load.data;
  const version = versionOf(job);

  const editorRef = useRef<Editor | null>(null);
  const loadedDoc = useRef<JSONContent | null>(null);
  const [editorReady, setEditorReady] = useState(false);
  const [closing, setClosing] = useState(false);
  const [faxOpen, setFaxOpen] = useState(false);
  const [auditOpen, setAuditOpen] = useState(false);
  const canReadTrail = permissions.has('jobViewDetails');
  const [confirmCancel, setConfirmCancel] = useState(false);
  const allowLeave = useRef(false);

  useEffect(() => {
    if (!canView) showToast(t('job.noViewPermission'), { kind: 'error', id: 'job-no-view' });
  }, [canView, t]);

  const leave = useCallback(
    (outcome: EditOutcome) => {
      if (outcome === 'saved' && !tenant) return;
      if (tenant && outcome !== 'closed' && finishTenantEdit(outcome, jobId)) {
        allowLeave.current = true;
        setClosing(true);
        return;
      }
      allowLeave.current = true;
      void navigate({ href: '/jobs' });
    },
    [tenant, jobId, navigate],
  );

  const editor = useCallback(() => editorRef.current, []);
  /** The text's changed sections as a save or the hold-queue check sends them. */
  const cdaEdits = useCallback(() => {
    const current = editorRef.current?.getJSON();
    const edits = loadedDoc.current && current ? changedSections(loadedDoc.current, current) : undefined;
    return edits?.sections.length ? edits : undefined;
  }, []);
  const edits = useJobEdits(job?.details);
  const booking = useBooking({ jobId, details: job?.details, forgetEdits: edits.forget, leave });
  const refreshDetails = useRefreshDetails(jobId);
  const adt = useAdtPanels({ jobId, enabled: canView && adtVisible, edits, afterAccept: refreshDetails });
  const reloadAdt = adt.reload;
  const reload = useCallback(() => {
    void load.refetch();
    reloadAdt();
  }, [load.refetch, reloadAdt]);
  const { changed, markChanged } = edits;
  const editing = booking.mode === 'edit';
  const isWord = job?.text.textType === 'DOCX';
  const word = useWordDocument({ jobId, enabled: canView && isWord, editing, onModified: markChanged });
  const wordText = isWord ? word : null;
  const saving = useJobSave({ jobId, job, booking, edits, cdaEdits, reload, leave, word: wordText });
  const drafts = useDraft({
    jobId,
    version,
    editing,
    changed,
    markChanged,
    startEdit: booking.startEdit,
    editor,
  });

  const { offer, keep } = drafts;
  const onReady = useCallback(
    (ready: Editor | null) => {
      editorRef.current = ready;
      loadedDoc.current = ready ? ready.getJSON() : null;
      setEditorReady(Boolean(ready));
      if (loadedDoc.current) offer(loadedDoc.current);
    },
    [offer],
  );
  const onChange = useCallback(
    (doc: JSONContent) => {
      markChanged();
      keep(doc);
    },
    [markChanged, keep],
  );

  // Tenant edit: book out as soon as the job and its editor are loaded.
  const autoBooked = useRef(false);
  const { bookOut } = booking;
  useEffect(() => {
    if (!tenant || autoBooked.current || !job || (job.cda && !editorReady)) return;
    autoBooked.current = true;
    void bookOut();
  }, [tenant, job, editorReady, bookOut]);

  // Leaving with unsaved changes asks first (the booking hook releases the booking).
  const guard = useRef({ changed });
  guard.current.changed = changed;
  const blocker = useBlocker({
    shouldBlockFn: () => guard.current.changed && !allowLeave.current,
    enableBeforeUnload: () => guard.current.changed && !allowLeave.current,
    withResolver: true,
  });

  if (!canView) return <JobProblem message={t('job.noViewPermission')} />;
  if (load.isPending) return <JobLoading jobId={jobId} />;
  if (load.isError)
    return <JobLoadFailure jobId={jobId} error={load.error} onRetry={() => void load.refetch()} />;
  const loaded = load.data;
  const edit = editGate(permissions, { jobId, stageId: loaded.details.stageId });
  const disabled =
    booking.busy !== null ||
    saving.saving ||
    adt.busy ||
    closing ||
    load.isFetching ||
    (loaded.cda !== null && !editorReady);
  // Issue 27: an audio-only job (or one with only its starting draft) is transcribed, not edited.
  const hasAudio = loaded.availability.hasWav || loaded.availability.hasOpus;
  const startsTranscription =
    canEditText &&
    ((loaded.text.noDocument && hasAudio) || (loaded.cda !== null && loaded.cda.draft !== null));
  const transcribe = async () => {
    if (await booking.transcribe()) reload();
  };
  const banner = (
    <>
      <AddendumBanner addendum={editing ? booking.addendum : null} />
      <DocumentPatientBanner jobId={jobId} enabled={adtVisible} />
      <StartingDraftNotice
        draft={loaded.cda?.draft ?? null}
        workType={loaded.details.workType?.name ?? null}
      />
      <DraftBanner
        draft={drafts.draft}
        restoreDisabled={disabled || (!editing && !allowed(edit)) || !canEditText}
        onRestore={drafts.restore}
        onDiscard={drafts.discard}
      />
    </>
  );
  const status = editing ? (
    // Darker than Mantine's filled shades: white badge text needs 4.5:1 (axe, WCAG 1.4.3).
    <Badge color={changed ? '#a63c06' : 'teal.9'}>
      {changed ? t('jobView.changed') : t('jobView.editing')}
    </Badge>
  ) : null;
  return (
    <div className={classes.page}>
      <div className={classes.main}>
        {loaded.cda !== null && (
          <ShellSkipLink target={EDITOR_TOOLBAR_ID}>{t('app.skipToEditorToolbar')}</ShellSkipLink>
        )}
        <JobHeader details={loaded.details} version={version} status={status} />
        <JobControls
          editing={editing}
          disabled={disabled}
          edit={edit}
          canPrint={canPrint}
          canFax={canFax}
          saveOptions={saving.options}
          onEdit={booking.startEdit}
          onTranscribe={startsTranscription ? () => void transcribe() : undefined}
          onClose={() => leave('closed')}
          onCancel={() => (changed ? setConfirmCancel(true) : void booking.cancelEdit())}
          onSave={(m) => void saving.save(m)}
          onPrint={() => {
            if (window.open(BULK_URLS.printPreview(jobId), '_blank')) markViewed([jobId], 'pdf');
          }}
          onFax={() => setFaxOpen(true)}
          onAuditTrail={canReadTrail ? () => setAuditOpen(true) : undefined}
          addendum={
            <AddendumAction
              jobId={jobId}
              stageId={loaded.details.stageId}
              editing={editing}
              disabled={disabled}
              onOpen={(reason) => booking.startAddendum(reason, version)}
            />
          }
          importDocument={
            tenant ? undefined : (
              <DocumentImport
                jobId={jobId}
                gate={edit}
                editing={editing}
                disabled={disabled}
                onImported={reload}
              />
            )
          }
        />
        <div className={classes.document}>
          <DocumentArea
            job={loaded}
            editorKey={`${version}-${loaded.loadedAt}`}
            editable={editing && canEditText && !disabled}
            onReady={onReady}
            onChange={onChange}
            banner={banner}
            word={word}
          />
        </div>
        <JobNotesCard
          details={loaded.details}
          editing={editing}
          note={edits.note}
          onNoteChange={edits.editNote}
          disabled={disabled}
        />
        <Paper withBorder p="sm" className={classes.card}>
          <JobDeliveries jobId={jobId} timeZone={loaded.details.timeZone} />
        </Paper>
      </div>
      {edits.jobData && (
        <JobSidePanel
          details={loaded.details}
          jobData={edits.jobData}
          onJobDataChange={adt.onJobDataChange}
          editable={editing && canEditDetails && !disabled}
          editMode={editing}
          textType={loaded.text.textType}
          cda={cdaEdits}
          adt={adt}
          adtVisible={adtVisible}
          adtEditable={editing && canEditAdt && !disabled}
          bookingCookie={() => booking.cookie.current}
        />
      )}
      <ProtectedJobDialog
        opened={booking.protectAsked}
        onStay={booking.keepProtected}
        onGo={booking.unprotect}
      />
      <NewerVersionDialog opened={saving.newerVersion} onStay={saving.keepEditing} onGo={saving.overwrite} />
      <IdentityConfirmDialog
        opened={saving.identity !== null}
        rules={saving.identity?.rules ?? null}
        refusal={saving.identity?.refusal ?? ''}
        saving={saving.saving}
        onCancel={saving.keepHeld}
        onConfirm={saving.confirmIdentity}
      />
      <UnsavedChangesDialog
        opened={blocker.status === 'blocked' || confirmCancel}
        onStay={() => {
          setConfirmCancel(false);
          if (blocker.status === 'blocked') blocker.reset();
        }}
        onGo={() => {
          if (confirmCancel) {
            setConfirmCancel(false);
            void booking.cancelEdit();
          } else if (blocker.status === 'blocked') blocker.proceed();
        }}
      />
      <FaxModal
        jobIds={faxOpen ? [jobId] : null}
        csId={String(loaded.details.corporateCompany.id)}
        onClose={() => setFaxOpen(false)}
      />
      <AuditTrailDialog
        jobId={jobId}
        timeZone={loaded.details.timeZone}
        opened={auditOpen}
        onClose={() => setAuditOpen(false)}
      />
    </div>
  );
}
