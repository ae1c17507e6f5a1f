/** The C-CDA R2.1 catalogue: document types and sections with their template OIDs and LOINC codes (the demo documents and the work type templates of issue 27 use it). */

export type DocTemplateKey = 'progress' | 'hp' | 'discharge' | 'consult' | 'operative';

export type SectionKey =
  | 'chiefComplaint'
  | 'hpi'
  | 'pmh'
  | 'meds'
  | 'allergies'
  | 'social'
  | 'ros'
  | 'vitals'
  | 'exam'
  | 'results'
  | 'assessment'
  | 'plan'
  | 'assessmentPlan'
  | 'reasonForReferral'
  | 'hospitalCourse'
  | 'admissionDx'
  | 'dischargeDx'
  | 'dischargeMeds'
  | 'dischargeInstructions'
  | 'preopDx'
  | 'postopDx'
  | 'procedure'
  | 'anesthesia'
  | 'findings'
  | 'ebl'
  | 'specimens'
  | 'complications';

export interface SectionDef {
  templateId: string;
  extension?: string;
  code: string;
  displayName: string;
  title: string;
}

export const SECTIONS: Record<SectionKey, SectionDef> = {
  chiefComplaint: {
    templateId: '1.3.6.1.4.1.19376.1.5.3.1.1.13.2.1',
    code: '10154-3',
    displayName: 'Chief complaint',
    title: 'CHIEF COMPLAINT',
  },
  hpi: {
    templateId: '1.3.6.1.4.1.19376.1.5.3.1.3.4',
    code: '10164-2',
    displayName: 'History of present illness',
    title: 'HISTORY OF PRESENT ILLNESS',
  },
  pmh: {
    templateId: '2.16.840.1.113883.10.20.22.2.20',
    extension: '2015-08-01',
    code: '11348-0',
    displayName: 'History of past illness',
    title: 'PAST MEDICAL HISTORY',
  },
  meds: {
    templateId: '2.16.840.1.113883.10.20.22.2.1.1',
    extension: '2014-06-09',
    code: '10160-0',
    displayName: 'History of medication use',
    title: 'MEDICATIONS',
  },
  allergies: {
    templateId: '2.16.840.1.113883.10.20.22.2.6.1',
    extension: '2015-08-01',
    code: '48765-2',
    displayName: 'Allergies and adverse reactions',
    title: 'ALLERGIES',
  },
  social: {
    templateId: '2.16.840.1.113883.10.20.22.2.17',
    extension: '2015-08-01',
    code: '29762-2',
    displayName: 'Social history',
    title: 'SOCIAL HISTORY',
  },
  ros: {
    templateId: '1.3.6.1.4.1.19376.1.5.3.1.3.18',
    code: '10187-3',
    displayName: 'Review of systems',
    title: 'REVIEW OF SYSTEMS',
  },
  vitals: {
    templateId: '2.16.840.1.113883.10.20.22.2.4.1',
    extension: '2015-08-01',
    code: '8716-3',
    displayName: 'Vital signs',
    title: 'VITAL SIGNS',
  },
  exam: {
    templateId: '2.16.840.1.113883.10.20.2.10',
    extension: '2015-08-01',
    code: '29545-1',
    displayName: 'Physical findings',
    title: 'PHYSICAL EXAMINATION',
  },
  results: {
    templateId: '2.16.840.1.113883.10.20.22.2.3.1',
    extension: '2015-08-01',
    code: '30954-2',
    displayName: 'Relevant diagnostic tests and/or laboratory data',
    title: 'RESULTS',
  },
  assessment: {
    templateId: '2.16.840.1.113883.10.20.22.2.8',
    code: '51848-0',
    displayName: 'Evaluation note',
    title: 'ASSESSMENT',
  },
  plan: {
    templateId: '2.16.840.1.113883.10.20.22.2.10',
    extension: '2014-06-09',
    code: '18776-5',
    displayName: 'Plan of care note',
    title: 'PLAN',
  },
  assessmentPlan: {
    templateId: '2.16.840.1.113883.10.20.22.2.9',
    code: '51847-2',
    displayName: 'Assessment and plan',
    title: 'ASSESSMENT AND PLAN',
  },
  reasonForReferral: {
    templateId: '1.3.6.1.4.1.19376.1.5.3.1.3.1',
    extension: '2014-06-09',
    code: '42349-1',
    displayName: 'Reason for referral',
    title: 'REASON FOR CONSULTATION',
  },
  hospitalCourse: {
    templateId: '1.3.6.1.4.1.19376.1.5.3.1.3.5',
    code: '8648-8',
    displayName: 'Hospital course',
    title: 'HOSPITAL COURSE',
  },
  admissionDx: {
    templateId: '2.16.840.1.113883.10.20.22.2.43',
    extension: '2015-08-01',
    code: '46241-6',
    displayName: 'Hospital admission diagnosis',
    title: 'ADMISSION DIAGNOSIS',
  },
  dischargeDx: {
    templateId: '2.16.840.1.113883.10.20.22.2.24',
    extension: '2015-08-01',
    code: '11535-2',
    displayName: 'Hospital discharge diagnosis',
    title: 'DISCHARGE DIAGNOSIS',
  },
  dischargeMeds: {
    templateId: '2.16.840.1.113883.10.20.22.2.11.1',
    extension: '2015-08-01',
    code: '10183-2',
    displayName: 'Hospital discharge medications',
    title: 'DISCHARGE MEDICATIONS',
  },
  dischargeInstructions: {
    templateId: '2.16.840.1.113883.10.20.22.2.41',
    code: '8653-8',
    displayName: 'Hospital discharge instructions',
    title: 'DISCHARGE INSTRUCTIONS',
  },
  preopDx: {
    templateId: '2.16.840.1.113883.10.20.22.2.34',
    extension: '2015-08-01',
    code: '10219-4',
    displayName: 'Preoperative diagnosis',
    title: 'PREOPERATIVE DIAGNOSIS',
  },
  postopDx: {
    templateId: '2.16.840.1.113883.10.20.22.2.35',
    extension: '2015-08-01',
    code: '10218-6',
    displayName: 'Postoperative diagnosis',
    title: 'POSTOPERATIVE DIAGNOSIS',
  },
  procedure: {
    templateId: '2.16.840.1.113883.10.20.22.2.27',
    code: '29554-3',
    displayName: 'Procedure description',
    title: 'PROCEDURE DESCRIPTION',
  },
  anesthesia: {
    templateId: '2.16.840.1.113883.10.20.22.2.25',
    extension: '2014-06-09',
    code: '59774-0',
    displayName: 'Anesthesia',
    title: 'ANESTHESIA',
  },
  findings: {
    templateId: '2.16.840.1.113883.10.20.22.2.28',
    extension: '2015-08-01',
    code: '59776-5',
    displayName: 'Procedure findings',
    title: 'FINDINGS',
  },
  ebl: {
    templateId: '2.16.840.1.113883.10.20.18.2.9',
    code: '59770-8',
    displayName: 'Procedure estimated blood loss',
    title: 'ESTIMATED BLOOD LOSS',
  },
  specimens: {
    templateId: '2.16.840.1.113883.10.20.22.2.31',
    code: '59773-2',
    displayName: 'Procedure specimens taken',
    title: 'SPECIMENS',
  },
  complications: {
    templateId: '2.16.840.1.113883.10.20.22.2.37',
    extension: '2015-08-01',
    code: '55109-3',
    displayName: 'Complications',
    title: 'COMPLICATIONS',
  },
};

export interface DocTemplateDef {
  templateId: string;
  loinc: string;
  loincDisplay: string;
  title: string;
  /** [section, required]: optional ones are included by chance, up to 8 sections in all. */
  sections: [SectionKey, boolean][];
}

export const DOC_TEMPLATES: Record<DocTemplateKey, DocTemplateDef> = {
  progress: {
    templateId: '2.16.840.1.113883.10.20.22.1.9',
    loinc: '11506-3',
    loincDisplay: 'Progress note',
    title: 'Progress Note',
    sections: [
      ['chiefComplaint', false],
      ['hpi', true],
      ['meds', false],
      ['vitals', true],
      ['exam', true],
      ['results', false],
      ['assessment', true],
      ['plan', true],
    ],
  },
  hp: {
    templateId: '2.16.840.1.113883.10.20.22.1.3',
    loinc: '34117-2',
    loincDisplay: 'History and physical note',
    title: 'History and Physical',
    sections: [
      ['chiefComplaint', true],
      ['hpi', true],
      ['pmh', true],
      ['meds', false],
      ['allergies', true],
      ['social', false],
      ['ros', false],
      ['exam', true],
      ['assessmentPlan', true],
    ],
  },
  discharge: {
    templateId: '2.16.840.1.113883.10.20.22.1.8',
    loinc: '18842-5',
    loincDisplay: 'Discharge summary',
    title: 'Discharge Summary',
    sections: [
      ['admissionDx', true],
      ['dischargeDx', true],
      ['hospitalCourse', true],
      ['results', false],
      ['allergies', false],
      ['dischargeMeds', true],
      ['dischargeInstructions', false],
      ['plan', false],
    ],
  },
  consult: {
    templateId: '2.16.840.1.113883.10.20.22.1.4',
    loinc: '11488-4',
    loincDisplay: 'Consult note',
    title: 'Consultation Note',
    sections: [
      ['reasonForReferral', true],
      ['hpi', true],
      ['pmh', false],
      ['meds', false],
      ['allergies', false],
      ['exam', true],
      ['results', false],
      ['assessmentPlan', true],
    ],
  },
  operative: {
    templateId: '2.16.840.1.113883.10.20.22.1.7',
    loinc: '11504-8',
    loincDisplay: 'Surgical operation note',
    title: 'Operative Note',
    sections: [
      ['preopDx', true],
      ['postopDx', true],
      ['anesthesia', true],
      ['procedure', true],
      ['findings', true],
      ['ebl', false],
      ['specimens', false],
      ['complications', false],
    ],
  },
};
