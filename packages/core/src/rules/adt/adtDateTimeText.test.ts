import { describe, expect, it } from 'vitest';
import { dateTimeFromText, dateTimeText } from './adtDateTimeText.js';

describe('a date-time ADT value as the patient panel shows it', () => {
  it('reads MM/DD/YYYY with a 24-hour HH:mm, seconds only when not 0', () => {
    expect(dateTimeText('2026-10-13T17:54:00')).toBe('10/13/2026 17:54');
    expect(dateTimeText('2026-10-13T05:54:48')).toBe('10/13/2026 05:54:48');
    expect(dateTimeText('not a date')).toBe('not a date');
  });

  it('takes typed text back to the xsdateTime, and refuses what is not a real date and time', () => {
    expect(dateTimeFromText(' 10/13/2026 17:54 ')).toBe('2026-10-13T17:54:00');
    expect(dateTimeFromText('1/2/2026 5:04:09')).toBe('2026-01-02T05:04:09');
    expect(dateTimeFromText(dateTimeText('2026-10-13T05:54:48'))).toBe('2026-10-13T05:54:48');
    expect(dateTimeFromText('02/30/2026 10:00')).toBeNull();
    expect(dateTimeFromText('10/13/2026 24:00')).toBeNull();
    expect(dateTimeFromText('10/13/2026 5:54 PM')).toBeNull();
  });
});
