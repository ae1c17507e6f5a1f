import { Tooltip } from '@mantine/core';
import { escapeNote } from '@quill/core/rules/jobList/escapeNote';
import { LIMITS } from '@quill/core/rules/settings/constants';
import { NoteIcon } from './icons';
import classes from './JobTable.module.css';

/** The note's text as HTML: escapeNote leaves only character references, never markup. */
export function EscapedNote({ note }: { note: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: spec 01 §5; escapeNote turns every <, >, &, quote and non-ASCII character into a numeric reference, so no markup can run.
  return <span className={classes.noteTooltip} dangerouslySetInnerHTML={{ __html: escapeNote(note) }} />;
}

/** Spec 01 §2/§5: a job with a note shows an indicator whose tooltip is the escaped note text. */
export function JobNoteIndicator({
  note,
  label,
  tabIndex = 0,
}: {
  note: string;
  label: string;
  tabIndex?: number;
}) {
  return (
    <Tooltip
      label={<EscapedNote note={note} />}
      openDelay={LIMITS.tooltipDelayMs}
      multiline
      maw={380}
      withArrow
      events={{ hover: true, focus: true, touch: true }}
    >
      <button
        type="button"
        className={`${classes.iconButton} ${classes.noteButton}`}
        tabIndex={tabIndex}
        aria-label={`${label}: ${note}`}
        data-testid="job-note"
      >
        <NoteIcon size={16} />
      </button>
    </Tooltip>
  );
}
