import { describe, expect, it } from 'vitest';
import { spreadsheetText } from '../schedule/spreadsheetText.js';
import { auditActionText, auditEntryText, auditOutcomeText, csvField } from './auditTrail.js';

describe('audit trail texts', () => {
  it('names known actions in words and refused calls by their endpoint', () => {
    expect(auditActionText('job.text.read')).toBe('Read the document text');
    expect(auditActionText('adt.accept')).toBe('Accepted the ADT data');
    expect(auditActionText('jobEditor.cda')).toBe('Tried to use the job page (jobEditor.cda)');
    expect(auditActionText('GET /nowhere')).toBe('Call GET /nowhere');
    expect(auditOutcomeText('notFound')).toBe('Refused (not found or another tenant’s)');
  });

  it('reads an import confirmed past a patient mismatch with the parts and the reason (issue 40)', () => {
    expect(
      auditEntryText('job.document.patientConfirmed', {
        parts: ['name', 'birthDate'],
        reason: 'Ward confirmed the dictation',
      }),
    ).toBe(
      'Imported a document whose patient differs from the job’s patient (Name, Date of birth). Reason: Ward confirmed the dictation',
    );
    expect(auditEntryText('job.document.patientConfirmed', {})).toBe(
      'Imported a document whose patient differs from the job’s patient',
    );
  });

  it('keeps formula-looking text from running in a spreadsheet', () => {
    for (const t of ['=1+1', '+1', '-2', '@SUM(A1)', '\t=x']) expect(spreadsheetText(t)).toBe(`'${t}`);
    expect(spreadsheetText('Dr. Jones')).toBe('Dr. Jones');
  });

  it('quotes CSV fields that need it', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField(null)).toBe('');
    expect(csvField(-3)).toBe('-3');
  });
});
