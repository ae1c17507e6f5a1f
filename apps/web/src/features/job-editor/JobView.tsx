import { Alert, Badge, Button, Group } from '@mantine/core';
import { allowed, editGate, faxGate, printPreviewGate } from '@quill/core/rules/actionGates';
import { useBlocker, useNavigate } from '@tanstack/react-router';
import type { Editor, JSONContent } from '@tiptap/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHasPermission, usePermissions, useSession } from '../../app/session/SessionContext';
import { showToast } from '../../app/toasts';
import { useDocumentTitle } from '../../app/useDocumentTitle';
import { formatDateTime } from '../../lib/formatDate';
import { FaxModal } from '../job-list/bulk/FaxModal';
import { DocumentArea, JobLoading, JobProblem } from './DocumentArea';
import { type JobDraft, readDraft, writeDraft } from './draftStore';
import { changedSections } from './editor/cdaDoc';
import { JobControls } from './JobControls';
import { JobDialogs, UnsavedChangesDialog } from './JobDialogs';
import { JobHeader } from './JobHeader';
import { JobNotesCard } from './JobNotesCard';
import { JobSidePanel } from './JobSidePanel';
import classes from './JobView.module.css';
import { cancelBooking } from './jobApi';
import { type EditOutcome, useEditSession } from './useEditSession';
import { JobLoadError, useJobLoad } from './useJobLoad';
import { useSaveOptions } from './useSaveOptions';
import { finishTenantEdit, useTenantExitMessage } from './useTenantEdit';

/** The unsaved text is kept this long after the last keystroke. */
const DRAFT_DEBOUNCE_MS = 1000;

/**
 * Spec 02 §2/§4 job view: details header, controls, the CDA editor (audio docked), the notes card
 * and the side panels; the edit flow, the save options and, for the tenant route, the automatic
 * book-out and the opener messages.
 */
export function JobView({ jobId, tenant = false }: { jobId: number; tenant?: boolean }) {
  const { t } = useTranslation();
  const { userSettings } = useSession();
  const canView = useHasPermission('jobView');
  const permissions = usePermissions();
  const canEditText = useHasPermission('jobEditText');
  const canPrint = printPreviewGate(permissions).shown;
  const canFax = allowed(faxGate(permissions));
  const canEditDetails = useHasPermission('jobEditAdt');
  useDocumentTitle(tenant ? t('nav.tenantEditTitle') : t('jobView.title', { jobId: String(jobId) }));
  useTenantExitMessage(tenant, jobId);
  const navigate = useNavigate();
  const load = useJobLoad(jobId, canView);
  const job = load.data;

  const editorRef = useRef<Editor | null>(null);
  const loadedDoc = useRef<JSONContent | null>(null);
  const [editorReady, setEditorReady] = useState(false);
  const [closing, setClosing] = useState(false);
  const [faxOpen, setFaxOpen] = useState(false);
  const [draft, setDraft] = useState<JobDraft | null>(null);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const restorePending = useRef<JSONContent | null>(null);
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

  const session = useEditSession({
    jobId,
    job,
    currentDoc: () => editorRef.current?.getJSON() ?? null,
    loadedDoc: () => loadedDoc.current,
    reload: () => void load.refetch(),
    leave,
  });
  const { mode, busy, changed } = session;
  const version = session.loadedVersion;

  const onReady = useCallback(
    (editor: Editor | null) => {
      editorRef.current = editor;
      loadedDoc.current = editor ? editor.getJSON() : null;
      setEditorReady(Boolean(editor));
      if (!editor) return;
      const kept = readDraft(jobId, version);
      setDraft(kept && JSON.stringify(kept.doc) !== JSON.stringify(loadedDoc.current) ? kept : null);
    },
    [jobId, version],
  );

  // Beyond the spec: keep the unsaved text in the browser (debounced).
  const draftTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const { markChanged } = session;
  const onChange = useCallback(
    (doc: JSONContent) => {
      markChanged();
      clearTimeout(draftTimer.current);
      draftTimer.current = setTimeout(() => writeDraft(jobId, version, doc), DRAFT_DEBOUNCE_MS);
    },
    [markChanged, jobId, version],
  );
  useEffect(() => () => clearTimeout(draftTimer.current), []);
  useEffect(() => {
    if (!changed) clearTimeout(draftTimer.current);
  }, [changed]);

  // Restore a kept draft once edit mode is on.
  useEffect(() => {
    const doc = restorePending.current;
    if (mode !== 'edit' || !doc || !editorRef.current) return;
    restorePending.current = null;
    editorRef.current.commands.setContent(doc);
    markChanged();
  }, [mode, markChanged]);

  // Tenant edit: book out as soon as the job and its editor are loaded.
  const autoBooked = useRef(false);
  const { bookOut } = session;
  useEffect(() => {
    if (!tenant || autoBooked.current || !job || (job.cda && !editorReady)) return;
    autoBooked.current = true;
    void bookOut();
  }, [tenant, job, editorReady, bookOut]);

  // Leaving with unsaved changes asks first; leaving while booked releases the booking.
  const guard = useRef({ changed });
  guard.current.changed = changed;
  const blocker = useBlocker({
    shouldBlockFn: () => guard.current.changed && !allowLeave.current,
    enableBeforeUnload: () => guard.current.changed && !allowLeave.current,
    withResolver: true,
  });
  const componentType = useRef('');
  componentType.current = job?.details.componentType ?? '';
  const { cookie } = session;
  useEffect(
    () => () => {
      const held = cookie.current;
      if (held) void cancelBooking(jobId, held, componentType.current).catch(() => undefined);
    },
    [cookie, jobId],
  );

  const saveOptions = useSaveOptions(job?.details, session.jobData);

  if (!canView) return <JobProblem message={t('job.noViewPermission')} />;
  if (load.isPending) return <JobLoading jobId={jobId} />;
  if (load.isError) {
    const problem = load.error instanceof JobLoadError ? load.error.problem : 'failed';
    if (problem === 'accessDenied') return <JobProblem message={t('job.accessDenied')} />;
    if (problem === 'notFound') return <JobProblem message={t('job.notFound', { jobId: String(jobId) })} />;
    return (
      <JobProblem
        message={t('jobView.loadFailed', { jobId: String(jobId) })}
        onRetry={() => void load.refetch()}
      />
    );
  }
  const loaded = load.data;
  const edit = editGate(permissions, { jobId, stageId: loaded.details.stageId });
  const editing = mode === 'edit';
  const disabled = busy !== null || closing || load.isFetching || (loaded.cda !== null && !editorReady);
  const banner = draft && (
    <Alert color="yellow" mb="xs" role="status">
      <Group justify="space-between">
        <span>{t('jobView.draftFound', { time: formatDateTime(draft.savedAt, userSettings) })}</span>
        <Group gap="xs">
          <Button
            size="compact-sm"
            disabled={disabled || (!editing && !allowed(edit)) || !canEditText}
            onClick={() => {
              restorePending.current = draft.doc;
              setDraft(null);
              if (editing) {
                editorRef.current?.commands.setContent(draft.doc);
                restorePending.current = null;
                markChanged();
              } else session.startEdit();
            }}
          >
            {t('jobView.restoreDraft')}
          </Button>
          <Button size="compact-sm" variant="default" onClick={() => setDraft(null)}>
            {t('jobView.discardDraft')}
          </Button>
        </Group>
      </Group>
    </Alert>
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
        <JobHeader details={loaded.details} version={version} status={status} />
        <JobControls
          editing={editing}
          disabled={disabled}
          edit={edit}
          canPrint={canPrint}
          canFax={canFax}
          saveOptions={saveOptions}
          onEdit={session.startEdit}
          onClose={() => leave('closed')}
          onCancel={() => (changed ? setConfirmCancel(true) : void session.cancelEdit())}
          onSave={(m) => void session.save(m)}
          onPrint={() => window.open(`/api/file/download/${jobId}.pdf`, '_blank')}
          onFax={() => setFaxOpen(true)}
        />
        <div className={classes.document}>
          <DocumentArea
            job={loaded}
            editorKey={`${version}-${load.dataUpdatedAt}`}
            editable={editing && canEditText && !disabled}
            onReady={onReady}
            onChange={onChange}
            banner={banner}
          />
        </div>
        <JobNotesCard
          details={loaded.details}
          editing={editing}
          note={session.note}
          onNoteChange={session.editNote}
          disabled={disabled}
        />
      </div>
      {session.jobData && (
        <JobSidePanel
          details={loaded.details}
          jobData={session.jobData}
          onJobDataChange={session.editJobData}
          editable={editing && canEditDetails && !disabled}
          editMode={editing}
          textType={loaded.text.textType}
          cda={() => {
            const current = editorRef.current?.getJSON();
            const edits =
              loadedDoc.current && current ? changedSections(loadedDoc.current, current) : undefined;
            return edits?.sections.length ? edits : undefined;
          }}
        />
      )}
      <JobDialogs
        dialog={session.dialog}
        onClose={session.closeDialog}
        onUnprotect={session.unprotect}
        onOverwrite={session.overwrite}
      />
      <UnsavedChangesDialog
        opened={blocker.status === 'blocked' || confirmCancel}
        onStay={() => {
          setConfirmCancel(false);
          if (blocker.status === 'blocked') blocker.reset();
        }}
        onLeave={() => {
          if (confirmCancel) {
            setConfirmCancel(false);
            void session.cancelEdit();
          } else if (blocker.status === 'blocked') blocker.proceed();
        }}
      />
      <FaxModal
        jobIds={faxOpen ? [jobId] : null}
        csId={String(loaded.details.corporateCompany.id)}
        onClose={() => setFaxOpen(false)}
      />
    </div>
  );
}
