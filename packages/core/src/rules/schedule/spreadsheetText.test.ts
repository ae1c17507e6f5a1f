import { describe, expect, it } from 'vitest';
import { spreadsheetCell, spreadsheetText } from './spreadsheetText.js';

describe('spreadsheet text', () => {
  it('prefixes formula-looking text with an apostrophe', () => {
    expect(spreadsheetText('=HYPERLINK("https://evil.example","Open")')).toBe(
      `'=HYPERLINK("https://evil.example","Open")`,
    );
    for (const start of ['=', '+', '-', '@', '\t', '\r'])
      expect(spreadsheetText(`${start}1+1`)).toBe(`'${start}1+1`);
  });

  it('leaves other text alone, formula characters inside it included', () => {
    expect(spreadsheetText('Call Dr Ng = urgent')).toBe('Call Dr Ng = urgent');
    expect(spreadsheetText('')).toBe('');
    expect(spreadsheetText("'quoted")).toBe("'quoted");
  });

  it('changes only text cells', () => {
    expect(spreadsheetCell(-5)).toBe(-5);
    expect(spreadsheetCell('-5')).toBe("'-5");
    expect(spreadsheetCell(null)).toBe(null);
  });
});
