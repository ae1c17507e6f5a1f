import { describe, expect, it } from 'vitest';
import {
  checkPlacement,
  missingWords,
  readNarrative,
  splitTokens,
  stackedWords,
  tokenise,
} from './corpusChecks.js';
import { generateCorpus, VENDOR_STYLES } from './generateCorpus.js';

const doc = (text: string) =>
  `<ClinicalDocument xmlns="urn:hl7-org:v3"><component><structuredBody><component><section><title>Vital Signs</title><text>${text}</text></section></component></structuredBody></component></ClinicalDocument>`;

const VITALS =
  doc(`<table border="1"><thead><tr><th>Date</th><th>Test</th><th>Details</th></tr></thead><tbody>
<tr><td rowspan="2">05/20/2014</td><td>Weight</td><td>88 kg</td></tr>
<tr><td>Height</td><td>177 cm</td></tr></tbody></table>`);

describe('the corpus checkers', () => {
  it('lay out a row-spanned table as the HTML table algorithm does', () => {
    const [table] = readNarrative(VITALS).tables;
    expect(table!.spanned).toBe(true);
    expect(table!.headerRows).toBe(1);
    expect(table!.cells.map((c) => [c.text, c.row, c.col])).toEqual([
      ['Date', 0, 0],
      ['Test', 0, 1],
      ['Details', 0, 2],
      ['05/20/2014', 1, 0],
      ['Weight', 1, 1],
      ['88 kg', 1, 2],
      ['Height', 2, 1],
      ['177 cm', 2, 2],
    ]);
  });

  it('pass a value under its own header and fail one under the wrong header', () => {
    const [table] = readNarrative(VITALS).tables;
    const right = [
      'VITAL SIGNS',
      'Date          Test        Details',
      '05/20/2014    Weight      88 kg',
      '              Height      177 cm',
    ].join('\n');
    expect(checkPlacement(table!, right)).toMatchObject({ checked: 5, misplaced: [], unlocated: 0 });
    // Today's defect: the cells after a row span slide left, "Height" under Date, 177 cm under Test.
    const wrong = [
      'Date          Test        Details',
      '05/20/2014    Weight      88 kg',
      'Height        177 cm',
    ].join('\n');
    expect(checkPlacement(table!, wrong).misplaced).toEqual([
      { text: 'Height', expected: 'Test', found: 'Date', line: 3 },
      { text: '177 cm', expected: 'Details', found: 'Test', line: 3 },
    ]);
  });

  it('place a cell of a table continued under a repeated header, and of columns continued apart', () => {
    const [table] = readNarrative(VITALS).tables;
    const continued = [
      'Date          Test',
      '05/20/2014    Weight',
      '              Height',
      'Table continued: columns 3 to 3',
      'Details',
      '88 kg',
      '177 cm',
    ].join('\n');
    expect(checkPlacement(table!, continued)).toMatchObject({ checked: 5, misplaced: [] });
  });

  it('find a code split over two lines of a cell, and pass it whole', () => {
    const words = tokenise('Problem SNOMED 248986005 Completed Asthma');
    const split = [
      'Problem      SNOMED',
      'Asthma       24898600   Complete',
      '             5          d',
    ].join('\n');
    expect(splitTokens(split, words)).toEqual([
      { token: '248986005', pieces: ['24898600', '5'], line: 2 },
      { token: 'Completed', pieces: ['Complete', 'd'], line: 2 },
    ]);
    const whole = ['Problem      SNOMED', 'Asthma       248986005  Completed'].join('\n');
    expect(splitTokens(whole, words)).toEqual([]);
  });

  it('find a token split in three pieces, and leave words the narrative itself has in that order', () => {
    expect(splitTokens('Lot  6516\n     8465\n     41', ['Lot', '6516846541', '1'])).toEqual([
      { token: '6516846541', pieces: ['6516', '8465', '41'], line: 1 },
    ]);
    // "in" then "to" is what the narrative says, though "into" is one of its words too.
    expect(splitTokens('walked in\nto the room', tokenise('walked in to the room, went into it'))).toEqual(
      [],
    );
  });

  it('take a value over the next row’s value in a column for two cells, not for a split token', () => {
    const { words, tables } = readNarrative(
      doc(
        '<table><thead><tr><th>Test</th><th>Value</th></tr></thead><tbody>' +
          '<tr><td>Eos</td><td>3</td></tr><tr><td>Basos</td><td>0</td></tr><tr><td>Age</td><td>30</td></tr>' +
          '</tbody></table>',
      ),
    );
    const layout = 'Test    Value\nEos     3\nBasos   0\nAge     30\n';
    expect(stackedWords(tables)).toEqual(
      expect.arrayContaining([
        ['Test', 'Eos'],
        ['3', '0'],
        ['0', '30'],
      ]),
    );
    expect(splitTokens(layout, words, stackedWords(tables))).toEqual([]);
    // Without the table's rows "3" over "0" reads as "30" cut in two.
    expect(splitTokens(layout, words)).toMatchObject([{ token: '30', pieces: ['3', '0'] }]);
    // Any other token cut over two lines is still found (only pieces the table stacks are let go).
    expect(splitTokens('Bas     0\nos\n', words, stackedWords(tables))).toMatchObject([
      { token: 'Basos', pieces: ['Bas', 'os'] },
    ]);
  });

  it('find a token split after its hyphen as surely as one cut anywhere else', () => {
    const words = tokenise('Fluticasone 250-50 mcg 200902271300-0500');
    const [hyphen, ...rest] = splitTokens('Fluticasone 250-\n50 mcg', words);
    expect(rest).toEqual([]);
    expect(hyphen).toEqual({ token: '250-50', pieces: ['250-', '50'], line: 1 });
    expect(splitTokens('Fluticasone 250-5\n0 mcg', words)).toMatchObject([{ pieces: ['250-5', '0'] }]);
    // A non-breaking hyphen (RTF's \_, U+2011) reads as a hyphen: the token is whole.
    expect(splitTokens('Fluticasone 250\u201150 mcg', words)).toEqual([]);
    expect(missingWords(words, 'Fluticasone 250\u201150 mcg 200902271300\u20110500')).toEqual([]);
  });

  it('read the words of neighbouring blocks apart, and without the characters nobody sees', () => {
    const { words } = readNarrative(
      doc(
        '<table><tr><td>9:00 AM</td></tr></table><list><caption>Planned</caption><item>x&#8203;y</item></list>',
      ),
    );
    expect(words).toEqual(['Vital', 'Signs', '9:00', 'AM', 'Planned', 'xy']);
  });

  it('tell missing words whatever the line breaks', () => {
    expect(
      missingWords(['Amoxicillin-clavulanate', '875', 'mg'], 'Amoxicillin-\nclavulanate 875 mg'),
    ).toEqual([]);
    expect(missingWords(['Amoxicillin', 'Weight'], 'Amoxicillin only')).toEqual(['Weight']);
  });

  it('generate the same corpus every time: every style, over 100 documents, well-formed', () => {
    const a = generateCorpus();
    expect(a.length).toBeGreaterThanOrEqual(100);
    expect(new Set(a.map((d) => d.style))).toEqual(new Set(VENDOR_STYLES));
    expect(generateCorpus().map((d) => d.xml)).toEqual(a.map((d) => d.xml));
    for (const d of a) expect(() => readNarrative(d.xml), d.name).not.toThrow();
    const spans = a.flatMap((d) => readNarrative(d.xml).tables).filter((t) => t.spanned);
    expect(spans.length).toBeGreaterThan(30);
  });
});
