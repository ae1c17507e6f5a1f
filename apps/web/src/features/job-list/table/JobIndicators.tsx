import type { JobListRow } from '@quill/core/contract/jobList';
import { useViewed } from '../viewedMarks';
import { FaxIcon, PencilIcon, SignatureIcon } from './icons';
import classes from './JobTable.module.css';
import type { RowStrings } from './useRowStrings';

/**
 * Spec 01 §2: PDF and RTF turn green once the job has been viewed in that format; the edited,
 * signed and faxed indicators turn green too. Each says its state in words to assistive tech.
 */
export function JobIndicators({ row, strings: s }: { row: JobListRow; strings: RowStrings }) {
  const viewed = useViewed(row);
  const pdf = viewed.pdf ? s.pdfViewed : s.pdfNotViewed;
  const rtf = viewed.rtf ? s.rtfViewed : s.rtfNotViewed;
  const edited = row.edited ? s.edited : s.notEdited;
  const signed = row.signed ? s.signed : s.notSigned;
  const faxed = row.faxed ? s.faxed : s.notFaxed;
  return (
    <span className={classes.indicators}>
      <span
        className={classes.pill}
        data-on={viewed.pdf || undefined}
        role="img"
        aria-label={pdf}
        title={pdf}
      >
        {s.pdf}
      </span>
      <span
        className={classes.pill}
        data-on={viewed.rtf || undefined}
        role="img"
        aria-label={rtf}
        title={rtf}
      >
        {s.rtf}
      </span>
      <span
        className={classes.flag}
        data-on={row.edited || undefined}
        role="img"
        aria-label={edited}
        title={edited}
      >
        <PencilIcon size={15} />
      </span>
      <span
        className={classes.flag}
        data-on={row.signed || undefined}
        role="img"
        aria-label={signed}
        title={signed}
      >
        <SignatureIcon size={15} />
      </span>
      <span
        className={classes.flag}
        data-on={row.faxed || undefined}
        role="img"
        aria-label={faxed}
        title={faxed}
      >
        <FaxIcon size={15} />
      </span>
    </span>
  );
}
