import { escapeXml } from '../../documents/cda/build/xml.js';
import { buildStoredZip } from './zip.js';

/** One paragraph of a demo Word document. */
export interface DocxParagraph {
  text: string;
  bold?: boolean;
  /** A heading: `true` or 1 is the document's title (Heading 1), 2 a section heading (Heading 2). */
  heading?: boolean | 1 | 2;
  /** A bulleted list item. */
  bullet?: boolean;
}

/** A table with a header row. */
export interface DocxTable {
  table: { head: string[]; rows: string[][] };
}

/** What a demo Word document is made of, in order. */
export type DocxBlock = DocxParagraph | DocxTable;

/** The document's properties (docProps/core.xml). */
export interface DocxProperties {
  title?: string;
  /** ISO date and time the document was written (deterministic in the demo). */
  created?: string;
}

const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const W_NS = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const R_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

const CONTENT_TYPES = `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/><Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/><Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/><Override PartName="/docProps/app.xml" ContentType="application/vnd.openxmlformats-officedocument.extended-properties+xml"/></Types>`;

const RELS = `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="word/document.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/><Relationship Id="rId3" Type="${REL}/extended-properties" Target="docProps/app.xml"/></Relationships>`;

const DOCUMENT_RELS = `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/styles" Target="styles.xml"/></Relationships>`;

const style = (id: string, name: string, body: string, type = 'paragraph') =>
  `<w:style w:type="${type}" w:styleId="${id}"><w:name w:val="${name}"/>${body}</w:style>`;

/** Normal text, two heading levels (real Word headings, in the outline), a bordered table, a list item. */
const STYLES = `${XML}<w:styles xmlns:w="${W_NS}"><w:docDefaults><w:rPrDefault><w:rPr><w:rFonts w:ascii="Liberation Sans" w:hAnsi="Liberation Sans" w:cs="Liberation Sans"/><w:sz w:val="22"/><w:szCs w:val="22"/><w:lang w:val="en-US"/></w:rPr></w:rPrDefault><w:pPrDefault><w:pPr><w:spacing w:after="120" w:line="264" w:lineRule="auto"/></w:pPr></w:pPrDefault></w:docDefaults>${style(
  'Normal',
  'Normal',
  '<w:qFormat/>',
)}${style(
  'Heading1',
  'heading 1',
  '<w:basedOn w:val="Normal"/><w:next w:val="Normal"/><w:qFormat/><w:pPr><w:keepNext/><w:spacing w:before="240" w:after="120"/><w:outlineLvl w:val="0"/></w:pPr><w:rPr><w:b/><w:sz w:val="32"/><w:szCs w:val="32"/></w:rPr>',
)}${style(
  'Heading2',
  'heading 2',
  '<w:basedOn w:val="Normal"/><w:next w:val="Normal"/><w:qFormat/><w:pPr><w:keepNext/><w:spacing w:before="200" w:after="80"/><w:outlineLvl w:val="1"/></w:pPr><w:rPr><w:b/><w:sz w:val="26"/><w:szCs w:val="26"/></w:rPr>',
)}${style(
  'ListParagraph',
  'List Paragraph',
  '<w:basedOn w:val="Normal"/><w:qFormat/><w:pPr><w:ind w:left="720" w:hanging="360"/><w:spacing w:after="40"/></w:pPr>',
)}${style(
  'TableGrid',
  'Table Grid',
  '<w:tblPr><w:tblBorders><w:top w:val="single" w:sz="4" w:space="0" w:color="808080"/><w:left w:val="single" w:sz="4" w:space="0" w:color="808080"/><w:bottom w:val="single" w:sz="4" w:space="0" w:color="808080"/><w:right w:val="single" w:sz="4" w:space="0" w:color="808080"/><w:insideH w:val="single" w:sz="4" w:space="0" w:color="808080"/><w:insideV w:val="single" w:sz="4" w:space="0" w:color="808080"/></w:tblBorders><w:tblCellMar><w:left w:w="108" w:type="dxa"/><w:right w:w="108" w:type="dxa"/></w:tblCellMar></w:tblPr>',
  'table',
)}</w:styles>`;

/** Text width of a Letter page with 1-inch margins, in twentieths of a point. */
const TEXT_WIDTH = 9360;

function run(text: string, bold: boolean): string {
  const rPr = bold ? '<w:rPr><w:b/></w:rPr>' : '';
  return `<w:r>${rPr}<w:t xml:space="preserve">${escapeXml(text)}</w:t></w:r>`;
}

function paragraph(p: DocxParagraph): string {
  const level = p.heading === true ? 1 : p.heading || 0;
  const pStyle = level ? `Heading${level}` : p.bullet ? 'ListParagraph' : null;
  const pPr = pStyle ? `<w:pPr><w:pStyle w:val="${pStyle}"/></w:pPr>` : '';
  const text = p.bullet ? `•\t${p.text}` : p.text;
  return `<w:p>${pPr}${run(text, Boolean(p.bold || level))}</w:p>`;
}

function table({ table: t }: DocxTable): string {
  const columns = Math.max(1, t.head.length, ...t.rows.map((r) => r.length));
  const width = Math.floor(TEXT_WIDTH / columns);
  const grid = Array.from({ length: columns }, () => `<w:gridCol w:w="${width}"/>`).join('');
  const row = (cells: string[], header: boolean) =>
    `<w:tr>${header ? '<w:trPr><w:tblHeader/></w:trPr>' : ''}${Array.from({ length: columns }, (_, i) => {
      const cell = `<w:tcPr><w:tcW w:w="${width}" w:type="dxa"/></w:tcPr>`;
      return `<w:tc>${cell}<w:p>${run(cells[i] ?? '', header)}</w:p></w:tc>`;
    }).join('')}</w:tr>`;
  const rows = [row(t.head, true), ...t.rows.map((r) => row(r, false))].join('');
  return `<w:tbl><w:tblPr><w:tblStyle w:val="TableGrid"/><w:tblW w:w="${TEXT_WIDTH}" w:type="dxa"/><w:tblLook w:val="04A0" w:firstRow="1" w:lastRow="0" w:firstColumn="0" w:lastColumn="0" w:noHBand="0" w:noVBand="1"/></w:tblPr><w:tblGrid>${grid}</w:tblGrid>${rows}</w:tbl><w:p/>`;
}

const isTable = (b: DocxBlock): b is DocxTable => 'table' in b;

function coreProperties(props: DocxProperties): string {
  const created = props.created ?? '2026-11-01T12:00:00Z';
  return `${XML}<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><dc:title>${escapeXml(props.title ?? '')}</dc:title><dc:creator>Quill</dc:creator><dcterms:created xsi:type="dcterms:W3CDTF">${created}</dcterms:created><dcterms:modified xsi:type="dcterms:W3CDTF">${created}</dcterms:modified></cp:coreProperties>`;
}

const APP = `${XML}<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties"><Application>Quill</Application></Properties>`;

/**
 * A real Word document (content types, package and document relationships, styles with Heading 1
 * and 2, a Table Grid and a list style, core and app properties, the main part) of the blocks:
 * headings, paragraphs (bold where asked), bulleted items and tables with a header row.
 * Deterministic: the same blocks give the same bytes.
 */
export function buildDocx(blocks: DocxBlock[], props: DocxProperties = {}): Buffer {
  const body = blocks.map((b) => (isTable(b) ? table(b) : paragraph(b))).join('');
  const document = `${XML}<w:document xmlns:w="${W_NS}" xmlns:r="${R_NS}"><w:body>${body}<w:sectPr><w:pgSz w:w="12240" w:h="15840"/><w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440" w:header="720" w:footer="720" w:gutter="0"/></w:sectPr></w:body></w:document>`;
  const part = (name: string, text: string) => ({ name, data: Buffer.from(text, 'utf8') });
  return buildStoredZip([
    part('[Content_Types].xml', CONTENT_TYPES),
    part('_rels/.rels', RELS),
    part('docProps/core.xml', coreProperties(props)),
    part('docProps/app.xml', APP),
    part('word/_rels/document.xml.rels', DOCUMENT_RELS),
    part('word/styles.xml', STYLES),
    part('word/document.xml', document),
  ]);
}
