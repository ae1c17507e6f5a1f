import { describe, expect, it } from 'vitest';
import { SEGMENT_VIEW_LIMITS, segmentView } from './segmentView.js';

describe('segmentView (the Interfaces screen, issue 44)', () => {
  it('numbers MSH from its field separator and names the fields it knows', () => {
    const view = segmentView(
      'MSH|^~\\&|ADT|NORTH|QUILL|NORTH|20261205120000||ADT^A08|C-1|P|2.5.1\rPID|1||M123^^^NORTH^MR||Doe^Jane\rZXY|custom',
    );
    expect(view.map((s) => [s.id, s.name])).toEqual([
      ['MSH', 'Message Header'],
      ['PID', 'Patient Identification'],
      ['ZXY', null],
    ]);
    const msh = Object.fromEntries(view[0]!.fields.map((f) => [f.position, [f.name, f.value]]));
    expect(msh['MSH-1']).toEqual(['Field Separator', '|']);
    expect(msh['MSH-2']).toEqual(['Encoding Characters', '^~\\&']);
    expect(msh['MSH-9']).toEqual(['Message Type', 'ADT^A08']);
    expect(msh['MSH-10']).toEqual(['Message Control ID', 'C-1']);
    expect(view[1]!.fields.map((f) => f.position)).toEqual(['PID-1', 'PID-3', 'PID-5']);
    expect(view[1]!.fields[2]).toMatchObject({ name: 'Patient Name', value: 'Doe^Jane' });
    expect(view[2]!.fields).toEqual([{ position: 'ZXY-1', name: null, value: 'custom', fullLength: null }]);
  });

  it('takes another field separator, any line ending, and bounds long values and many segments', () => {
    const pdf = 'A'.repeat(SEGMENT_VIEW_LIMITS.valueChars + 10);
    const view = segmentView(`MSH#^~\\&#QUILL\r\nOBX#1#ED#PDF##^application^pdf^Base64^${pdf}\n`);
    expect(view.map((s) => s.id)).toEqual(['MSH', 'OBX']);
    const value = view[1]!.fields.find((f) => f.position === 'OBX-5')!;
    expect(value.fullLength).toBe(pdf.length + '^application^pdf^Base64^'.length);
    expect(value.value.length).toBe(SEGMENT_VIEW_LIMITS.valueChars + 1);
    const many = ['MSH|^~\\&|A', ...Array.from({ length: 600 }, (_, i) => `NTE|${i}`)].join('\r');
    expect(segmentView(many)).toHaveLength(SEGMENT_VIEW_LIMITS.segments);
  });
});
