import { z } from 'zod';

/**
 * The CDA editing model: what `getcda` sends the editor and what `saveCDA`/`savejob` send back.
 * The narrative types are also the server's display read model (documents/cda/narrative.ts), so
 * there is one definition of a narrative block.
 */

/** A run of narrative text in one style; a run whose `text` is exactly '\n' is a line break. */
export interface NarrativeRun {
  text: string;
  bold?: boolean;
  italic?: boolean;
  underline?: boolean;
  /**
   * Text a speech recognizer wrote that nobody has edited yet (issue 27): written as
   * `<content styleCode="xRecognized">`, a local style CDA allows ("x" prefix); the editor shows it
   * highlighted and drops the flag from a paragraph once it is edited.
   */
  recognized?: boolean;
  /**
   * The `ID`s (space-separated) of the narrative elements the text lies in, which the document's
   * coded entries point at: shown as protected anchors, never sent back (the save keeps them).
   */
  anchors?: string;
}

/** One cell of a narrative table. */
export interface NarrativeTableCell {
  header: boolean;
  colspan: number;
  /** Rows the cell spans (`rowspan`), when more than one. */
  rowspan?: number;
  blocks: NarrativeBlock[];
}

/** A block of section narrative (CDA R2 narrative block): paragraph, list or table. */
export type NarrativeBlock =
  | { kind: 'paragraph'; runs: NarrativeRun[] }
  | { kind: 'list'; ordered: boolean; caption: NarrativeRun[] | null; items: NarrativeBlock[][] }
  | {
      kind: 'table';
      caption: NarrativeRun[] | null;
      head: NarrativeTableCell[][];
      body: NarrativeTableCell[][];
      /**
       * Read only, for rendering: the markup draws no lines (`border="0"` and no `rules`, or no
       * border at all, and no style asking for lines), so the table is laid out without a grid.
       * The editor neither shows nor sends it; a save keeps the table's own attributes.
       */
      borderless?: boolean;
    };

/** Limits of one save of CDA edits (the JSON body limit is the route's). */
export const CDA_EDIT_LIMITS = {
  /** Largest JSON body of a CDA save, in bytes. */
  maxBodyBytes: 5 * 1024 * 1024,
  /** Sections changed in one save. */
  maxSections: 500,
  /** Blocks, list items, table rows and cells together, in one save. */
  maxBlocks: 20_000,
  /** Lists and tables inside lists and tables. */
  maxDepth: 8,
  /** Characters of one run. */
  maxRunLength: 100_000,
} as const;

// Characters an XML 1.0 document cannot hold (controls other than tab, LF, CR; U+FFFE/U+FFFF;
// unpaired surrogates).
const NOT_XML_CHAR =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these are exactly what we refuse
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** A narrative run. */
export const NarrativeRunSchema: z.ZodType<NarrativeRun> = z.object({
  text: z
    .string()
    .max(
      CDA_EDIT_LIMITS.maxRunLength,
      `A run of text may hold at most ${CDA_EDIT_LIMITS.maxRunLength} characters`,
    )
    .refine(
      (s) => !NOT_XML_CHAR.test(s),
      'The text contains a control character that a document cannot hold; remove it and save again',
    ),
  bold: z.boolean().optional(),
  italic: z.boolean().optional(),
  underline: z.boolean().optional(),
  recognized: z.boolean().optional(),
  anchors: z
    .string()
    .max(CDA_EDIT_LIMITS.maxRunLength)
    // biome-ignore lint/suspicious/noControlCharactersInRegex: these are exactly what we refuse
    .regex(/^[^\u0000-\u001F\u007F]*$/, 'An anchor names narrative IDs and holds no control characters')
    .optional(),
});

const runs = z.array(NarrativeRunSchema);

/** The most rows a table cell may span (the reader clamps larger spans to it). */
export const MAX_ROWSPAN = 1000;

/** A table cell. */
export const NarrativeTableCellSchema: z.ZodType<NarrativeTableCell> = z.object({
  header: z.boolean(),
  colspan: z
    .number()
    .int('colspan must be a whole number')
    .min(1, 'colspan must be at least 1')
    .max(64, 'colspan must be at most 64'),
  rowspan: z
    .number()
    .int('rowspan must be a whole number')
    .min(1, 'rowspan must be at least 1')
    .max(MAX_ROWSPAN, `rowspan must be at most ${MAX_ROWSPAN}`)
    .optional(),
  get blocks() {
    return z.array(NarrativeBlockSchema);
  },
});

/** A narrative block: paragraph, list (items are block lists) or table. */
export const NarrativeBlockSchema: z.ZodType<NarrativeBlock> = z.lazy(() =>
  z.discriminatedUnion(
    'kind',
    [
      z.object({ kind: z.literal('paragraph'), runs }),
      z.object({
        kind: z.literal('list'),
        ordered: z.boolean(),
        caption: runs.nullable(),
        items: z.array(z.array(NarrativeBlockSchema)),
      }),
      z.object({
        kind: z.literal('table'),
        caption: runs.nullable(),
        head: z.array(z.array(NarrativeTableCellSchema)),
        body: z.array(z.array(NarrativeTableCellSchema)),
      }),
    ],
    { error: 'Each block must be a paragraph, a list or a table' },
  ),
);

/** A section of the editing model; `key` is its path in the document, e.g. "0.2.1". */
export interface CdaEditSection {
  key: string;
  title: string;
  /** LOINC code of the section, when given. */
  code: string | null;
  /** False when the narrative holds what the editor cannot keep (see docs/decisions.md). */
  editable: boolean;
  blocks: NarrativeBlock[];
  sections: CdaEditSection[];
}

/** Section key: indexes from the body down, dot-separated. */
export const CdaSectionKeySchema = z
  .string()
  .regex(
    /^(0|[1-9][0-9]{0,3})(\.(0|[1-9][0-9]{0,3})){0,15}$/,
    'A section key is a path of numbers such as 0.2.1',
  );

/** A section of the editing model. */
export const CdaEditSectionSchema: z.ZodType<CdaEditSection> = z.object({
  key: CdaSectionKeySchema,
  title: z.string(),
  code: z.string().nullable(),
  editable: z.boolean(),
  blocks: z.array(NarrativeBlockSchema),
  get sections() {
    return z.array(CdaEditSectionSchema);
  },
});

/** Read-only header fields shown above the editor (HL7 TS times as written). */
export const CdaEditHeaderSchema = z.object({
  title: z.string().nullable(),
  documentType: z.string().nullable(),
  patientName: z.string().nullable(),
  mrn: z.string().nullable(),
  birthTime: z.string().nullable(),
  gender: z.string().nullable(),
  author: z.string().nullable(),
  authorTime: z.string().nullable(),
  effectiveTime: z.string().nullable(),
  custodian: z.string().nullable(),
});
export type CdaEditHeader = z.infer<typeof CdaEditHeaderSchema>;

/**
 * Issue 40: what a document's non-XML body is (CDA component/nonXMLBody): its text, an embedded
 * PDF, a reference to an external file, nothing, or what cannot be shown. `note` is the sentence
 * the renderings print in its place (null for a text body, shown as its text).
 */
export const CdaNonXmlBodySchema = z.object({
  kind: z.enum(['text', 'pdf', 'reference', 'empty', 'unsupported', 'unreadable']),
  mediaType: z.string(),
  reference: z.string().nullable(),
  note: z.string().nullable(),
});
export type CdaNonXmlBodyInfo = z.infer<typeof CdaNonXmlBodySchema>;

/** The editing model of a CDA document (answer of `getcda`). */
export const CdaEditModelSchema = z.object({
  header: CdaEditHeaderSchema,
  sections: z.array(CdaEditSectionSchema),
  /** Set when the body is not XML: the editor shows it read-only with a notice (issue 40). */
  nonXmlBody: CdaNonXmlBodySchema.nullable().optional(),
});
export type CdaEditModel = z.infer<typeof CdaEditModelSchema>;

interface Tally {
  blocks: number;
  depth: number;
}

function tally(blocks: readonly NarrativeBlock[], depth: number, t: Tally): void {
  t.depth = Math.max(t.depth, depth);
  for (const b of blocks) {
    t.blocks += 1;
    if (b.kind === 'list') {
      t.blocks += b.items.length;
      for (const item of b.items) tally(item, depth + 1, t);
    } else if (b.kind === 'table') {
      for (const row of [...b.head, ...b.body]) {
        t.blocks += 1 + row.length;
        for (const cell of row) tally(cell.blocks, depth + 1, t);
      }
    }
  }
}

/** Counts blocks (with list items, rows and cells) and the deepest nesting of narrative blocks. */
export function narrativeSize(blocks: readonly NarrativeBlock[]): Tally {
  const t = { blocks: 0, depth: 0 };
  tally(blocks, 0, t);
  return t;
}

/** True when arrays and objects nest at most `max` deep (checked without recursion). */
export function jsonDepthWithin(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [v, depth] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    if (depth >= max) return false;
    for (const child of Object.values(v)) stack.push([child, depth + 1]);
  }
  return true;
}

const MAX_JSON_DEPTH = 100;

/** The sections the user changed, each with its whole new narrative (`saveCDA`, `savejob`). */
export const CdaEditsSchema = z
  .unknown()
  .refine((v) => jsonDepthWithin(v, MAX_JSON_DEPTH), {
    message: `The narrative nests lists and tables more than ${CDA_EDIT_LIMITS.maxDepth} deep`,
    abort: true,
  })
  .pipe(
    z
      .object({
        sections: z
          .array(z.object({ key: CdaSectionKeySchema, blocks: z.array(NarrativeBlockSchema) }))
          .max(
            CDA_EDIT_LIMITS.maxSections,
            `At most ${CDA_EDIT_LIMITS.maxSections} sections can be saved at once`,
          ),
      })
      .superRefine((edits, ctx) => {
        const keys = new Set<string>();
        let blocks = 0;
        for (const s of edits.sections) {
          if (keys.has(s.key))
            ctx.addIssue({ code: 'custom', message: `Section ${s.key} is named twice in one save` });
          keys.add(s.key);
          const t = narrativeSize(s.blocks);
          blocks += t.blocks;
          if (t.depth > CDA_EDIT_LIMITS.maxDepth)
            ctx.addIssue({
              code: 'custom',
              message: `Section ${s.key} nests lists and tables more than ${CDA_EDIT_LIMITS.maxDepth} deep`,
            });
        }
        if (blocks > CDA_EDIT_LIMITS.maxBlocks)
          ctx.addIssue({
            code: 'custom',
            message: `A save may hold at most ${CDA_EDIT_LIMITS.maxBlocks} paragraphs, list items and table cells`,
          });
      }),
  );
export type CdaEdits = z.infer<typeof CdaEditsSchema>;
