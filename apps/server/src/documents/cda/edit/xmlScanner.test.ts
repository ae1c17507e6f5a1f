import { describe, expect, it } from 'vitest';
import { type ScannedElement, scanXml, XmlScanError } from './xmlScanner.js';

const find = (el: ScannedElement, local: string): ScannedElement | undefined => {
  if (el.local === local) return el;
  for (const c of el.children) {
    const hit = find(c, local);
    if (hit) return hit;
  }
  return undefined;
};

describe('scanXml', () => {
  it('places elements exactly, past comments, CDATA, processing instructions and a DOCTYPE', () => {
    const xml = `<?xml version="1.0"?>
<!DOCTYPE doc [ <!ENTITY x "a>b"> <!-- ] > --> ]>
<?pi <b>not an element</b> ?>
<doc xmlns="urn:hl7-org:v3" a='1>2' b="x/y">
  <!-- <text>not this</text> -->
  <![CDATA[ <text>nor this</text> ]]>
  <text  ID="t" note="a &gt; b /> c">inner <b/> text</text  >
  <empty/>
</doc>`;
    const root = scanXml(xml);
    expect(root.name).toBe('doc');
    expect(root.attrs).toEqual([
      ['xmlns', 'urn:hl7-org:v3'],
      ['a', '1>2'],
      ['b', 'x/y'],
    ]);
    expect(root.children.map((c) => c.name)).toEqual(['text', 'empty']);
    const text = root.children[0]!;
    expect(xml.slice(text.start, text.openEnd)).toBe('<text  ID="t" note="a &gt; b /> c">');
    expect(xml.slice(text.openEnd, text.closeStart)).toBe('inner <b/> text');
    expect(xml.slice(text.closeStart, text.end)).toBe('</text  >');
    expect(text.ns).toBe('urn:hl7-org:v3');
    const empty = root.children[1]!;
    expect(empty.selfClosing).toBe(true);
    expect(xml.slice(empty.start, empty.end)).toBe('<empty/>');
    expect(root.end).toBe(xml.length);
  });

  it('resolves namespace prefixes, including ones declared on the element itself', () => {
    const xml = '<v3:doc xmlns:v3="urn:hl7-org:v3"><v3:text/><x:text xmlns:x="urn:other"/><text/></v3:doc>';
    const root = scanXml(xml);
    expect(root.local).toBe('doc');
    expect(root.children.map((c) => [c.local, c.ns])).toEqual([
      ['text', 'urn:hl7-org:v3'],
      ['text', 'urn:other'],
      ['text', null],
    ]);
  });

  it('keeps non-ASCII names and values in place', () => {
    const xml = '<doc><título valor="ñ😀">é</título></doc>';
    const el = find(scanXml(xml), 'título')!;
    expect(xml.slice(el.openEnd, el.closeStart)).toBe('é');
    expect(el.attrs).toEqual([['valor', 'ñ😀']]);
  });

  it.each([
    ['<doc><a></b></doc>', 'does not match'],
    ['<doc><a>', 'never closed'],
    ['<doc a="1></doc>', 'unclosed'],
    ['<doc><!-- open </doc>', 'unclosed comment'],
    ['<doc/><doc/>', 'more than one root'],
    ['just text', 'no root'],
    ['<doc a=1/>', 'not quoted'],
  ])('refuses %s', (xml, detail) => {
    expect(() => scanXml(xml)).toThrow(XmlScanError);
    expect(() => scanXml(xml)).toThrow(detail);
  });
});
