import { DOC_TEMPLATES, type DocTemplateKey, SECTIONS, type SectionKey } from '@quill/core';
import type { Age } from '@quill/core/rules/adt/age';
import type { Block, CdaSection, Inline } from '../../documents/cda/build/buildCda.js';
import type { Condition } from '../pools/conditions.js';
import {
  ALLERGIES,
  DISCHARGE_INSTRUCTIONS,
  DURATIONS,
  EXAM_NORMAL,
  FOLLOW_UP,
  PAST_HISTORY,
  ROS_NEGATIVES,
  SOCIAL,
} from '../pools/phrases.js';
import type { Rng } from '../prng.js';

export interface NarrativeContext {
  condition: Condition;
  /** The patient's age on the note's date, by the age display rule (spec 01 §5). */
  age: Age;
  sex: 'F' | 'M' | 'U';
  /** Date of the note (epoch ms). */
  date: number;
  referrerName: string;
  /** Admission of the encounter, when the document belongs to one (discharge summaries use it). */
  admittedAt?: number;
}

type Maker = (c: NarrativeContext, r: Rng) => Block[];

const p = (...parts: Inline[]): Block => ({ kind: 'paragraph', parts });
const list = (items: string[], ordered = false): Block => ({
  kind: 'list',
  ordered,
  items: items.map((i) => [i]),
});

const UNIT: Record<Age['unit'], string> = { years: 'year', months: 'month', weeks: 'week', days: 'day' };

/** "62-year-old woman", "7-month-old boy", "newborn girl": never "0-year-old". */
export function person(c: Pick<NarrativeContext, 'age' | 'sex'>): string {
  const child = c.age.unit !== 'years' || c.age.value < 18;
  const noun =
    c.sex === 'F' ? (child ? 'girl' : 'woman') : c.sex === 'M' ? (child ? 'boy' : 'man') : 'patient';
  if (c.age.unit === 'days' && c.age.value < 1) return `newborn ${noun}`;
  return `${c.age.value}-${UNIT[c.age.unit]}-old ${noun}`;
}

function hpiSentences(c: NarrativeContext, r: Rng): string[] {
  return r
    .sample(c.condition.hpi, r.int(2, c.condition.hpi.length))
    .map((s) => s.replace('{dur}', r.pick(DURATIONS)));
}

function day(ms: number): string {
  return new Date(ms).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

function medsTable(c: NarrativeContext, r: Rng, status: string): Block {
  const extra: [string, string][] = r.sample(
    [
      ['Atorvastatin 20 mg tablet', '1 tablet at bedtime'],
      ['Metoprolol succinate 25 mg tablet', '1 tablet daily'],
      ['Vitamin D3 1,000 IU capsule', '1 capsule daily'],
      ['Pantoprazole 40 mg tablet', '1 tablet before breakfast'],
      ['Sertraline 50 mg tablet', '1 tablet daily'],
    ],
    r.int(0, 2),
  );
  return {
    kind: 'table',
    head: ['Medication', 'Directions', 'Status'],
    rows: [...c.condition.meds, ...extra].map(([m, d]) => [m, d, status]),
  };
}

const MAKERS: Record<SectionKey, Maker> = {
  chiefComplaint: (c) => [p(`${c.condition.complaint}.`)],
  hpi: (c, r) => {
    const history = r.sample(PAST_HISTORY, 2).map((h) => h.toLowerCase());
    const first = `The patient is a ${person(c)} with a history of ${history.join(' and ')} who presents with ${c.condition.complaint.toLowerCase()}.`;
    return [p(first, ' ', hpiSentences(c, r).join(' '))];
  },
  pmh: (_c, r) => [list(r.sample(PAST_HISTORY, r.int(3, 5)))],
  meds: (c, r) => [medsTable(c, r, 'Active')],
  allergies: (_c, r) =>
    r.chance(0.3)
      ? [p('No known drug allergies.')]
      : [
          {
            kind: 'table',
            head: ['Substance', 'Reaction', 'Severity'],
            rows: r.sample(ALLERGIES, r.int(1, 3)),
          },
        ],
  social: (_c, r) => [p(r.sample(SOCIAL, 2).join(' '))],
  ros: (c, r) => [
    p({ bold: 'Positive: ' }, `${c.condition.complaint}.`),
    list(r.sample(ROS_NEGATIVES, r.int(4, 6))),
  ],
  vitals: (_c, r) => [
    {
      kind: 'table',
      head: ['Temperature', 'Heart rate', 'Blood pressure', 'Respiratory rate', 'SpO2', 'Weight'],
      rows: [
        [
          `${(36.4 + r.int(0, 25) / 10).toFixed(1)} °C`,
          `${r.int(58, 118)} /min`,
          `${r.int(104, 168)}/${r.int(60, 98)} mmHg`,
          `${r.int(12, 24)} /min`,
          `${r.int(89, 100)} %`,
          `${r.int(48, 128)} kg`,
        ],
      ],
    },
  ],
  exam: (c, r) => {
    const blocks: Block[] = [];
    const abnormal = r.int(1, EXAM_NORMAL.length - 1);
    EXAM_NORMAL.forEach(([system, normal], i) => {
      if (i > 2 && r.chance(0.35)) return;
      blocks.push(p({ bold: `${system}: ` }, i === abnormal ? c.condition.exam.join(' ') : normal));
    });
    return blocks;
  },
  results: (c, r) =>
    c.condition.labs.length === 0
      ? [p('No new laboratory results since the last visit.')]
      : [
          {
            kind: 'table',
            head: ['Test', 'Result', 'Reference range'],
            rows: c.condition.labs.map((l) => [...l]),
          },
          p(`Collected ${day(c.date - r.int(0, 2) * 86_400_000)}.`),
        ],
  assessment: (c, r) => [
    list(
      [
        `${c.condition.name} (${c.condition.icd10}).`,
        ...r.sample(PAST_HISTORY, r.int(1, 2)).map((h) => `${h}, stable.`),
      ],
      true,
    ),
  ],
  plan: (c, r) => [
    list([...r.sample(c.condition.plan, r.int(2, c.condition.plan.length)), r.pick(FOLLOW_UP)]),
  ],
  assessmentPlan: (c, r) => [
    p({ bold: `${c.condition.name} (${c.condition.icd10})` }),
    list(r.sample(c.condition.plan, r.int(2, c.condition.plan.length)), true),
    { kind: 'br' },
    p(r.pick(FOLLOW_UP)),
  ],
  reasonForReferral: (c) => [
    p(`Asked by ${c.referrerName} to evaluate ${c.condition.complaint.toLowerCase()} in this ${person(c)}.`),
  ],
  hospitalCourse: (c, r) => {
    const DAY = 86_400_000;
    let days = r.int(2, 9);
    // Agree with the encounter in the header when it is a recent admission.
    if (c.admittedAt !== undefined && c.admittedAt < c.date && c.date - c.admittedAt < 21 * DAY) {
      days = Math.max(1, Math.round((c.date - c.admittedAt) / DAY));
    }
    const surgery = c.condition.surgery
      ? ` Underwent ${c.condition.surgery.procedure.toLowerCase()} on hospital day 1 without complications.`
      : '';
    return [
      p(
        `The patient was admitted on ${day(c.date - days * DAY)} with ${c.condition.complaint.toLowerCase()}.`,
        surgery,
      ),
      p(r.sample(c.condition.plan, 2).join(' '), ` Discharged on hospital day ${days} in stable condition.`),
    ];
  },
  admissionDx: (c) => [list([c.condition.complaint])],
  dischargeDx: (c, r) => [
    list([`${c.condition.name} (${c.condition.icd10})`, ...r.sample(PAST_HISTORY, r.int(0, 2))], true),
  ],
  dischargeMeds: (c, r) => [medsTable(c, r, r.pick(['New', 'Continue', 'Changed']))],
  dischargeInstructions: (_c, r) => [list(r.sample(DISCHARGE_INSTRUCTIONS, r.int(2, 4)))],
  preopDx: (c) => [p(`${c.condition.name}.`)],
  postopDx: (c, r) => [p(r.chance(0.9) ? 'Same.' : `${c.condition.name}, with adhesions.`)],
  procedure: (c) => {
    const s = c.condition.surgery;
    return s ? [p({ bold: s.procedure })].concat(s.steps.map((t) => p(t))) : [p('See operative findings.')];
  },
  anesthesia: (c) => [p(c.condition.surgery?.anesthesia ?? 'General anesthesia.')],
  findings: (c) => [list(c.condition.surgery?.findings ?? ['As expected.'])],
  ebl: (_c, r) => [p(`${r.int(1, 30) * 5} mL.`)],
  specimens: (c) => [p(c.condition.surgery?.specimen ?? 'None.')],
  complications: (_c, r) => [p(r.chance(0.95) ? 'None.' : 'Minor bleeding controlled with pressure.')],
};

/**
 * Narrative sections for one document of the given template: the template's required sections
 * plus a random choice of its optional ones (4–8 in all).
 */
export function composeSections(template: DocTemplateKey, c: NarrativeContext, r: Rng): CdaSection[] {
  const chosen = DOC_TEMPLATES[template].sections
    .filter(([, required]) => required || r.chance(0.55))
    .slice(0, 8);
  return chosen.map(([key]) => {
    const def = SECTIONS[key];
    return {
      templateId: def.templateId,
      ...(def.extension ? { templateExtension: def.extension } : {}),
      code: def.code,
      displayName: def.displayName,
      title: def.title,
      blocks: MAKERS[key](c, r),
    };
  });
}

/** A spoken dictation of 34–52 words (about 18–28 s at 160 words a minute with pauses) about the condition, for the audio clip pool. */
export function dictationText(c: NarrativeContext, r: Rng, title: string): string {
  const words = (s: string) => s.split(/\s+/).length;
  let text = `This is a ${title.toLowerCase()} dictation. The patient is a ${person(c)} seen for ${c.condition.complaint.toLowerCase()}.`;
  const more = [
    ...hpiSentences(c, r),
    `On examination, ${c.condition.exam[0]?.toLowerCase() ?? 'no acute findings.'}`,
  ];
  more.push(`Assessment: ${c.condition.name.toLowerCase()}.`, ...r.sample(c.condition.plan, 3));
  for (const s of more) {
    if (words(text) + words(s) > 52) break;
    text += ` ${s}`;
  }
  while (words(text) < 34) text += ` ${r.pick(FOLLOW_UP)}`;
  return `${text} End of dictation.`;
}
