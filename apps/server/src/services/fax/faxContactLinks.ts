import { type FaxRecipient, normaliseFaxNumber, RECIPIENT_KIND } from '@quill/core';
import { and, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { physicians, recipients } from '../../db/schema/index.js';

/** A fax recipient of the request with its number normalised. */
export type LinkedRecipient = FaxRecipient & { number: string };

/** Answers the job's own recipient row a fax recipient stands for, or null when it is none. */
export type ContactLinkOf = (r: LinkedRecipient, jobId: number) => number | null;

/**
 * For each recipient and job, the job's own live recipient row this recipient is: the row itself
 * (contact list ids are recipient ids) or the job's row for the same physician (search ids are
 * physician ids, and a contact of one job may be a contact of the others too) — and only when the
 * number asked for is the one that row faxes to. Anyone else (a custom recipient, another job's
 * patient, a contact sent with another number) is outside the job's contacts.
 */
export async function faxContactLinks(
  ctx: AppContext,
  csId: number,
  jobIds: number[],
  list: LinkedRecipient[],
): Promise<ContactLinkOf> {
  const rows = (
    await ctx.database.db
      .select({
        id: recipients.id,
        jobId: recipients.jobId,
        physicianId: recipients.physicianId,
        custom: recipients.custom,
        physicianFax: physicians.fax,
      })
      .from(recipients)
      .leftJoin(physicians, eq(physicians.id, recipients.physicianId))
      .where(and(inArray(recipients.jobId, jobIds), eq(recipients.removed, false)))
  ).map((row) => ({
    ...row,
    number: normaliseFaxNumber(row.physicianId === null ? row.custom?.fax : row.physicianFax),
  }));
  const isSearchAnswer = (r: LinkedRecipient) => r.recipientType === RECIPIENT_KIND.Physician;
  const searchIds = list.filter((r) => isSearchAnswer(r) && r.id !== null).map((r) => r.id!);
  const known = searchIds.length
    ? new Set(
        (
          await ctx.database.db
            .select({ id: physicians.id })
            .from(physicians)
            .where(and(eq(physicians.corporateStructureId, csId), inArray(physicians.id, searchIds)))
        ).map((p) => p.id),
      )
    : new Set<number>();
  return (r, jobId) => {
    if (r.id === null) return null;
    const searched = isSearchAnswer(r);
    const physicianId = searched
      ? known.has(r.id)
        ? r.id
        : null
      : (rows.find((row) => row.id === r.id)?.physicianId ?? null);
    const own = rows.find(
      (row) =>
        row.jobId === jobId &&
        row.number === r.number &&
        ((!searched && row.id === r.id) || (physicianId !== null && row.physicianId === physicianId)),
    );
    return own?.id ?? null;
  };
}
