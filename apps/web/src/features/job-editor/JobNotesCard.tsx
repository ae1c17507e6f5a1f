import { Paper, Textarea, Title } from '@mantine/core';
import type { JobViewDetails } from '@quill/core/contract/job';
import { formatJobDateTime } from '@quill/core/rules/time/jobTime';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../app/session/SessionContext';
import { EscapedNote } from '../job-list/table/JobNoteIndicator';
import classes from './JobView.module.css';

/**
 * The job notes card: the note history with each text escaped (spec 02 §5), newest first, and in
 * edit mode a box to add a note, stored with the next save.
 */
export function JobNotesCard({
  details,
  editing,
  note,
  onNoteChange,
  disabled,
}: {
  details: JobViewDetails;
  editing: boolean;
  note: string;
  onNoteChange: (note: string) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const { userSettings } = useSession();
  const notes = [...details.jobNotes].sort((a, b) => b.createdDate.localeCompare(a.createdDate));
  return (
    <Paper withBorder p="sm" className={classes.card}>
      <Title order={2} size="h5" mb="xs">
        {t('jobView.notesTitle')}
      </Title>
      {notes.length === 0 ? (
        <p className={classes.muted}>{t('jobView.noNotes')}</p>
      ) : (
        <ul className={classes.notes}>
          {notes.map((n) => (
            <li key={`${n.createdDate}-${n.createdBy}-${n.note.length}`}>
              <div className={classes.noteMeta}>
                {t('jobView.noteBy', {
                  by: n.createdBy,
                  app: n.appName,
                  date: formatJobDateTime(n.createdDate, details.timeZone, userSettings, { zoneLabel: true }),
                })}
              </div>
              <EscapedNote note={n.note} />
            </li>
          ))}
        </ul>
      )}
      {editing && (
        <Textarea
          label={t('jobView.addNote')}
          description={t('jobView.addNoteHint')}
          value={note}
          onChange={(e) => onNoteChange(e.currentTarget.value)}
          disabled={disabled}
          rows={3}
          maxLength={4000}
        />
      )}
    </Paper>
  );
}
