/** Phrase pools for narrative filler, notes, distribution errors and orders. All synthetic. */

export const PAST_HISTORY = [
  'Hypertension',
  'Hyperlipidemia',
  'Type 2 diabetes mellitus',
  'Obstructive sleep apnea on CPAP',
  'Osteoarthritis of both knees',
  'Gastroesophageal reflux disease',
  'Hypothyroidism',
  'Remote appendectomy',
  'Cholecystectomy',
  'Anxiety disorder',
  'Chronic low back pain',
  'Benign prostatic hyperplasia',
  'Iron deficiency anemia',
  'Migraine',
  'Asthma since childhood',
  'Prior DVT, completed anticoagulation',
  'Cataract surgery, both eyes',
  'Gout',
  'Chronic kidney disease stage 2',
  'Osteopenia',
];

export const ALLERGIES: [string, string, string][] = [
  ['Penicillin', 'Hives', 'Moderate'],
  ['Sulfa drugs', 'Rash', 'Mild'],
  ['Codeine', 'Nausea & vomiting', 'Mild'],
  ['Latex', 'Contact dermatitis', 'Mild'],
  ['Shellfish', 'Anaphylaxis', 'Severe'],
  ['Iodinated contrast', 'Urticaria', 'Moderate'],
  ['Lisinopril', 'Angioedema', 'Severe'],
  ['Peanuts', 'Throat tightness', 'Severe'],
];

export const SOCIAL = [
  'Lives with spouse in a single-level home; independent in activities of daily living.',
  'Retired teacher; walks 30 minutes most days.',
  'Works as a warehouse supervisor; lifts up to 20 kg.',
  'Never smoker. Drinks alcohol socially, about 2 drinks per week.',
  'Former smoker, quit 10 years ago; 20 pack-year history.',
  'Lives alone; daughter visits daily and helps with medications.',
  'Denies recreational drug use.',
  'Speaks Portuguese at home; interpreter used for this visit.',
];

export const ROS_NEGATIVES = [
  'Constitutional: no weight loss or night sweats.',
  'Eyes: no visual changes.',
  'ENT: no sore throat or hearing loss.',
  'Cardiovascular: no chest pain or palpitations.',
  'Respiratory: no hemoptysis.',
  'Gastrointestinal: no melena or hematochezia.',
  'Genitourinary: no hematuria.',
  'Musculoskeletal: no joint swelling.',
  'Skin: no new rashes.',
  'Neurological: no focal weakness or speech difficulty.',
  'Psychiatric: mood stable, no suicidal ideation.',
  'Endocrine: no heat or cold intolerance.',
];

export const EXAM_NORMAL = [
  ['General', 'Alert, oriented and in no acute distress.'],
  ['HEENT', 'Normocephalic, mucous membranes moist, oropharynx clear.'],
  ['Neck', 'Supple, no lymphadenopathy or thyromegaly.'],
  ['Cardiovascular', 'Regular rate and rhythm, no murmurs, rubs or gallops.'],
  ['Lungs', 'Clear to auscultation bilaterally.'],
  ['Abdomen', 'Soft, non-tender, non-distended, bowel sounds present.'],
  ['Extremities', 'No clubbing, cyanosis or edema.'],
  ['Skin', 'Warm and dry, no rashes.'],
  ['Neurological', 'Cranial nerves II–XII intact, strength 5/5 throughout.'],
] as const;

export const FOLLOW_UP = [
  'Return to clinic in 2 weeks.',
  'Follow up with the primary care physician within 1 week.',
  'Call the office for fever over 38.5 °C, worsening pain or shortness of breath.',
  'Patient verbalised understanding of the plan and agrees.',
  'Discussed risks, benefits and alternatives; all questions answered.',
  'Return precautions reviewed with the patient and family.',
];

export const DISCHARGE_INSTRUCTIONS = [
  'Resume a regular diet as tolerated.',
  'No driving while taking opioid pain medication.',
  'Shower after 48 hours; no tub baths for 2 weeks.',
  'Take all medications as listed; bring this list to every appointment.',
  'Weigh yourself every morning and call if weight rises more than 1 kg in a day.',
  'Seek emergency care for chest pain, fainting or difficulty breathing.',
];

export const DURATIONS = [
  '2 days',
  '3 days',
  '5 days',
  '1 week',
  '10 days',
  '2 weeks',
  '3 weeks',
  '1 month',
  '6 weeks',
  '3 months',
];

/** Job notes; some carry non-ASCII characters and angle brackets on purpose (the UI must escape them). */
export const JOB_NOTES = [
  'Dictator mentions a CT report not yet in the chart; please verify before release.',
  'Spelling of patient name confirmed with registration.',
  'Audio cuts out at 01:42 – marked as <inaudible> in the text.',
  'Patient prefers to be called “Beth”. Dictator requested copy to PCP.',
  'Medication dose unclear (5 mg vs 50 mg?) – flagged for dictator review.',
  'Dictated under wrong work type; corrected to Discharge Summary.',
  'Please fax to Dr. Müller’s office ASAP – STAT request from the unit.',
  'Note from QA: heading <Assessment & Plan> split into two sections per facility template.',
  'Interpreter used (Español). Family present at bedside.',
  'Temperature documented as ≥ 38.5 °C; confirmed with nursing flowsheet.',
  'Dictator asked to hold for addendum after pathology returns.',
  'Résumé of hospital course shortened at physician’s request.',
  'Wrong MRN on the dictation header; corrected from ADT feed.',
  'Duplicate dictation – see the earlier job for the same encounter.',
  'Recipient fax number bounced last week; using the clinic’s main line for now.',
  'Café-au-lait spots described; confirm count (6 vs 8) with dictator.',
  'Dictator: “Please use <b>bold</b> for the allergy list” – plain text kept.',
  'Needs signature from attending before distribution.',
  'Transcribed from backup recording; quality poor in the first minute.',
  'Patient requested a copy by mail — address verified 10/02.',
];

export const DISTRIBUTION_ERRORS: Record<number, string[]> = {
  4: [
    'Fax to {fax} failed: no answer after 3 attempts',
    'Fax to {fax} failed: line busy',
    'Fax to {fax} failed: remote machine did not respond to handshake (T.30 phase B)',
    'Fax to {fax} failed: invalid number',
  ],
  5: [
    "Printer 'HIM-2F-LJ4050' is offline",
    "Print job rejected by 'CLN1-MFP': out of paper",
    'Print spooler timeout after 120 s',
  ],
  6: [
    'Direct message rejected: recipient address unknown',
    'Electronic delivery failed: HISP returned 550 mailbox unavailable',
    'Electronic delivery failed: certificate for recipient expired',
  ],
  7: [
    'Distribution failed: no deliverable recipient',
    'Distribution failed: document could not be rendered to PDF',
    'Distribution failed: recipient has neither fax number nor address',
  ],
};

export const ORDER_DESCRIPTIONS = [
  'CBC with differential',
  'Basic metabolic panel',
  'Comprehensive metabolic panel',
  'Chest X-ray, 2 views',
  'CT abdomen and pelvis with contrast',
  'MRI lumbar spine without contrast',
  'Transthoracic echocardiogram',
  'Electrocardiogram, 12-lead',
  'Urinalysis with reflex culture',
  'Hemoglobin A1c',
  'Lipid panel',
  'Ultrasound, right upper quadrant',
  'Physical therapy evaluation',
  'Cardiology consultation',
  'Blood cultures x 2',
  'TSH with reflex free T4',
  'CT head without contrast',
  'Venous duplex, left lower extremity',
];
