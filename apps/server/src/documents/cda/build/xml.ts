/** Escapes text for XML character data and attribute values (quotes included). */
export function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** `20261101120000+0000` style HL7 TS from epoch milliseconds (UTC). */
export function hl7Time(ms: number, withSeconds = true): string {
  const iso = new Date(ms).toISOString();
  const compact = iso.slice(0, 19).replace(/[-:T]/g, '');
  return withSeconds ? `${compact}+0000` : compact.slice(0, 8);
}

/** `19541125` from `1954-11-25`. */
export function hl7Date(isoDate: string): string {
  return isoDate.replace(/-/g, '');
}
