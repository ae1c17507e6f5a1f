/**
 * Spec 01 §5: a fax number is valid when, with spaces removed, it is non-empty and numeric.
 * Answers the number without spaces, or null when it is not valid.
 */
export function normaliseFaxNumber(value: string | null | undefined): string | null {
  const digits = (value ?? '').replace(/\s+/g, '');
  return /^[0-9]+$/.test(digits) ? digits : null;
}

/** True when `normaliseFaxNumber` accepts the value. */
export function isValidFaxNumber(value: string | null | undefined): boolean {
  return normaliseFaxNumber(value) !== null;
}
