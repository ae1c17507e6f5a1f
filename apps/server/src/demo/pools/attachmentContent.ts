/**
 * What the demo's attachments say: outside laboratory panels (results drawn inside or just outside
 * their reference ranges) and referral letters from fictional practices. Synthetic throughout.
 */

/** A test of a panel: name, unit, reference range, and the range values are drawn from. */
export interface LabTest {
  name: string;
  unit: string;
  low: number;
  high: number;
  decimals: number;
}

export interface LabPanelSpec {
  title: string;
  /** The file name's first words. */
  short: string;
  tests: LabTest[];
}

const t = (name: string, unit: string, low: number, high: number, decimals = 0): LabTest => ({
  name,
  unit,
  low,
  high,
  decimals,
});

export const LAB_PANELS: LabPanelSpec[] = [
  {
    title: 'Basic Metabolic Panel',
    short: 'BMP results',
    tests: [
      t('Sodium', 'mmol/L', 135, 145),
      t('Potassium', 'mmol/L', 3.5, 5.1, 1),
      t('Chloride', 'mmol/L', 98, 107),
      t('CO2 (bicarbonate)', 'mmol/L', 22, 29),
      t('BUN', 'mg/dL', 7, 20),
      t('Creatinine', 'mg/dL', 0.6, 1.3, 2),
      t('Glucose, fasting', 'mg/dL', 70, 99),
      t('Calcium', 'mg/dL', 8.6, 10.3, 1),
    ],
  },
  {
    title: 'Complete Blood Count',
    short: 'CBC results',
    tests: [
      t('WBC', '10^3/µL', 4.0, 11.0, 1),
      t('RBC', '10^6/µL', 4.2, 5.9, 2),
      t('Hemoglobin', 'g/dL', 12.0, 17.5, 1),
      t('Hematocrit', '%', 36, 52, 1),
      t('MCV', 'fL', 80, 100),
      t('Platelets', '10^3/µL', 150, 400),
    ],
  },
  {
    title: 'Lipid Panel',
    short: 'Lipid panel results',
    tests: [
      t('Total cholesterol', 'mg/dL', 125, 200),
      t('HDL cholesterol', 'mg/dL', 40, 90),
      t('LDL cholesterol (calc.)', 'mg/dL', 50, 130),
      t('Triglycerides', 'mg/dL', 40, 150),
    ],
  },
  {
    title: 'Hemoglobin A1c and Thyroid',
    short: 'HbA1c and TSH results',
    tests: [
      t('Hemoglobin A1c', '%', 4.0, 5.6, 1),
      t('TSH', 'mIU/L', 0.4, 4.0, 2),
      t('Free T4', 'ng/dL', 0.8, 1.8, 2),
    ],
  },
  {
    title: 'Hepatic Function Panel',
    short: 'Liver panel results',
    tests: [
      t('ALT', 'U/L', 7, 56),
      t('AST', 'U/L', 10, 40),
      t('Alkaline phosphatase', 'U/L', 44, 147),
      t('Bilirubin, total', 'mg/dL', 0.1, 1.2, 1),
      t('Albumin', 'g/dL', 3.5, 5.0, 1),
    ],
  },
];

export interface ReferralSpec {
  reason: string;
  body: string[];
}

export const REFERRING_PRACTICES = [
  {
    name: 'Dr Maria Chen, MD',
    practice: 'Lakeside Family Medicine',
    address: '12 Harbor Road, Lakeside',
    phone: '(555) 013-2200',
  },
  {
    name: 'Dr Samuel Okafor, DO',
    practice: 'Northgate Primary Care',
    address: '88 Northgate Avenue, Suite 3',
    phone: '(555) 014-7710',
  },
  {
    name: 'Dr Ingrid Halvorsen, MD',
    practice: 'Cedar Hill Internal Medicine',
    address: '5 Cedar Hill Plaza',
    phone: '(555) 016-3020',
  },
  {
    name: 'Dr Rafael Ortega, MD',
    practice: 'Westbrook Community Clinic',
    address: '240 Westbrook Street',
    phone: '(555) 017-8840',
  },
];

export const REFERRALS: ReferralSpec[] = [
  {
    reason: 'cardiology consultation',
    body: [
      'I would be grateful if you could see this patient with exertional chest tightness over the past six weeks. A resting ECG shows nonspecific ST changes; troponin was negative.',
      'Current medications: lisinopril 10 mg daily and atorvastatin 40 mg at night. Allergies: penicillin (rash).',
      'Please advise on further testing, including a stress test or coronary CT angiography.',
    ],
  },
  {
    reason: 'orthopedic evaluation of the right knee',
    body: [
      'Thank you for seeing this patient with right knee pain and intermittent locking since a twisting injury three months ago. Plain films show no fracture; there is a small effusion.',
      'Physical therapy and naproxen have brought little relief. An MRI was ordered and is pending.',
      'I would value your opinion on arthroscopic evaluation.',
    ],
  },
  {
    reason: 'endocrinology review of diabetes',
    body: [
      'I am referring this patient with type 2 diabetes whose hemoglobin A1c has risen to 8.9% despite metformin 1000 mg twice daily and empagliflozin 10 mg daily.',
      'Kidney function is normal and there is no retinopathy on the last examination. Home glucose readings are attached to the chart.',
      'Please advise on intensifying treatment, including a GLP-1 receptor agonist or basal insulin.',
    ],
  },
  {
    reason: 'gastroenterology assessment',
    body: [
      'Please see this patient with iron-deficiency anemia (hemoglobin 10.2 g/dL, ferritin 9 ng/mL) and two months of intermittent epigastric discomfort.',
      'There is no overt bleeding. A fecal immunochemical test was positive. The patient takes ibuprofen occasionally for back pain.',
      'I would appreciate upper and lower endoscopy at your earliest convenience.',
    ],
  },
  {
    reason: 'neurology consultation for headaches',
    body: [
      'I would be grateful for your assessment of this patient with new daily headaches over eight weeks, worse in the morning, without focal deficits on examination.',
      'Blood pressure is controlled. Simple analgesics give partial relief; there is no history of migraine.',
      'Please consider whether imaging is indicated and advise on management.',
    ],
  },
];
