/** The name parts of a physician or recipient (spec 02 §3 "Physician"). */
export interface PersonName {
  prefix?: string | null;
  firstName?: string | null;
  middleInitial?: string | null;
  lastName?: string | null;
  suffix?: string | null;
  credentials?: string | null;
}

const part = (v: string | null | undefined) => (v ?? '').trim();

/**
 * How a physician or recipient is named to people, e.g. on a fax cover sheet and in the fax
 * dialog: "Dr. Olivia K. Walsh Jr., MD". Empty parts are left out; a single-letter middle initial
 * gets a full stop. Answers '' when there is no name at all.
 */
export function personDisplayName(p: PersonName): string {
  const middle = part(p.middleInitial);
  const words = [
    part(p.prefix),
    part(p.firstName),
    middle.length === 1 ? `${middle}.` : middle,
    part(p.lastName),
    part(p.suffix),
  ].filter(Boolean);
  const credentials = part(p.credentials);
  const name = words.join(' ');
  return credentials && name ? `${name}, ${credentials}` : name;
}

/**
 * Spec 02 §5: physician search text is split at the first comma into last and first name
 * ("Walsh, Ol" → last "walsh", first "ol"), trimmed and lower-cased for a case-insensitive prefix
 * match. Text without a comma is answered as `either`: it may start a last or a first name.
 */
export function splitPhysicianSearch(text: string): { last: string; first: string; either: boolean } {
  const comma = text.indexOf(',');
  if (comma < 0) {
    const t = text.trim().toLowerCase();
    return { last: t, first: t, either: true };
  }
  return {
    last: text.slice(0, comma).trim().toLowerCase(),
    first: text
      .slice(comma + 1)
      .trim()
      .toLowerCase(),
    either: false,
  };
}
