/**
 * Synthetic clinical content: each condition carries the phrases a note about it needs. The narrative
 * composer samples from these with the seeded generator, so notes differ but stay coherent.
 */

export interface Condition {
  name: string;
  icd10: string;
  complaint: string;
  /** History of present illness sentences; `{dur}` is replaced by a duration. */
  hpi: string[];
  exam: string[];
  plan: string[];
  meds: [string, string][];
  labs: [string, string, string][];
  surgery?: { procedure: string; anesthesia: string; findings: string[]; specimen: string; steps: string[] };
}

export const MEDICAL: Condition[] = [
  {
    name: 'Community-acquired pneumonia, right lower lobe',
    icd10: 'J18.9',
    complaint: 'Cough, fever and shortness of breath',
    hpi: [
      'Reports productive cough with rust-colored sputum for {dur}.',
      'Fever to 38.9 °C at home with shaking chills.',
      'Pleuritic right-sided chest pain worse with deep inspiration.',
      'Denies recent travel, sick contacts or hospitalization in the past 90 days.',
    ],
    exam: ['Crackles at the right base with egophony.', 'Mildly tachypneic, speaking in full sentences.'],
    plan: [
      'Ceftriaxone 1 g IV daily plus azithromycin 500 mg daily.',
      'Repeat chest X-ray in 6 weeks to document resolution.',
      'Incentive spirometry every hour while awake.',
      'Transition to oral antibiotics once afebrile for 24 hours.',
    ],
    meds: [
      ['Azithromycin 500 mg tablet', '1 tablet by mouth daily x 3 days'],
      ['Guaifenesin 600 mg ER tablet', '1 tablet every 12 hours as needed'],
    ],
    labs: [
      ['WBC', '14.2 x10^3/µL', '4.0–11.0'],
      ['Procalcitonin', '1.8 ng/mL', '< 0.25'],
      ['Lactate', '1.6 mmol/L', '0.5–2.0'],
    ],
  },
  {
    name: 'Acute on chronic systolic heart failure',
    icd10: 'I50.23',
    complaint: 'Worsening leg swelling and orthopnea',
    hpi: [
      'Weight up 4 kg over {dur} despite adherence to furosemide.',
      'Now sleeps on three pillows and wakes up short of breath.',
      'Admits to dietary indiscretion over the holidays with salty foods.',
      'Last echocardiogram showed an ejection fraction of 30%.',
    ],
    exam: [
      'Jugular venous pressure elevated to 12 cm.',
      'Bibasilar crackles; 2+ pitting edema to the knees.',
      'S3 gallop present.',
    ],
    plan: [
      'IV furosemide 40 mg twice daily with strict intake and output.',
      'Daily weights; fluid restriction to 1.5 L per day.',
      'Resume carvedilol once euvolemic; continue sacubitril/valsartan.',
      'Cardiology follow-up within 7 days of discharge.',
    ],
    meds: [
      ['Furosemide 40 mg tablet', '1 tablet by mouth twice daily'],
      ['Carvedilol 12.5 mg tablet', '1 tablet twice daily with meals'],
      ['Spironolactone 25 mg tablet', '1 tablet daily'],
    ],
    labs: [
      ['BNP', '1,240 pg/mL', '< 100'],
      ['Sodium', '133 mmol/L', '135–145'],
      ['Creatinine', '1.4 mg/dL', '0.6–1.2'],
    ],
  },
  {
    name: 'Type 2 diabetes mellitus with hyperglycemia',
    icd10: 'E11.65',
    complaint: 'Follow-up of diabetes',
    hpi: [
      'Home glucose readings between 180 and 260 mg/dL over {dur}.',
      'Reports polyuria and nocturia twice nightly.',
      'Missed several doses of metformin because of GI upset.',
      'No hypoglycemic episodes; no visual changes.',
    ],
    exam: ['Monofilament sensation intact bilaterally.', 'No foot ulcers; pedal pulses 2+.'],
    plan: [
      'Switch to metformin extended release 1,000 mg with the evening meal.',
      'Start empagliflozin 10 mg daily; counselled on genital hygiene and hydration.',
      'Repeat HbA1c in 3 months.',
      'Referral to diabetes education and annual dilated eye exam.',
    ],
    meds: [
      ['Metformin ER 500 mg tablet', '2 tablets with evening meal'],
      ['Empagliflozin 10 mg tablet', '1 tablet every morning'],
      ['Atorvastatin 40 mg tablet', '1 tablet at bedtime'],
    ],
    labs: [
      ['HbA1c', '8.9 %', '4.0–5.6'],
      ['Glucose, fasting', '212 mg/dL', '70–99'],
      ['Urine albumin/creatinine', '48 mg/g', '< 30'],
    ],
  },
  {
    name: 'Essential hypertension, uncontrolled',
    icd10: 'I10',
    complaint: 'Elevated blood pressure readings at home',
    hpi: [
      'Home readings average 158/96 over {dur}.',
      'Occasional morning headaches; no chest pain or visual symptoms.',
      'Takes lisinopril most days but ran out last week.',
    ],
    exam: ['Blood pressure 162/98 right arm, 158/94 on repeat.', 'No retinopathy on fundoscopic exam.'],
    plan: [
      'Increase lisinopril to 20 mg daily and add amlodipine 5 mg daily.',
      'Limit sodium to less than 2 g per day; 150 minutes of exercise weekly.',
      'Basic metabolic panel in 2 weeks after the dose change.',
    ],
    meds: [
      ['Lisinopril 20 mg tablet', '1 tablet daily'],
      ['Amlodipine 5 mg tablet', '1 tablet daily'],
    ],
    labs: [
      ['Potassium', '4.4 mmol/L', '3.5–5.1'],
      ['Creatinine', '0.9 mg/dL', '0.6–1.2'],
    ],
  },
  {
    name: 'Atrial fibrillation with rapid ventricular response',
    icd10: 'I48.91',
    complaint: 'Palpitations and lightheadedness',
    hpi: [
      'Sudden onset of irregular palpitations {dur} ago.',
      'Associated lightheadedness without syncope.',
      'CHA2DS2-VASc score of 3; not currently anticoagulated.',
    ],
    exam: ['Irregularly irregular rhythm at 132 beats per minute.', 'No murmurs; lungs clear.'],
    plan: [
      'Diltiazem for rate control with a target heart rate below 110.',
      'Start apixaban 5 mg twice daily after shared decision-making.',
      'Transthoracic echocardiogram and TSH.',
    ],
    meds: [
      ['Apixaban 5 mg tablet', '1 tablet twice daily'],
      ['Diltiazem ER 120 mg capsule', '1 capsule daily'],
    ],
    labs: [
      ['TSH', '2.1 mIU/L', '0.4–4.0'],
      ['Troponin I', '< 0.01 ng/mL', '< 0.04'],
      ['Magnesium', '1.9 mg/dL', '1.7–2.2'],
    ],
  },
  {
    name: 'COPD with acute exacerbation',
    icd10: 'J44.1',
    complaint: 'Increased dyspnea and sputum',
    hpi: [
      'Progressive dyspnea on exertion for {dur}, now after walking one block.',
      'Sputum has turned green; using the rescue inhaler every 2 hours.',
      'Former smoker with a 45 pack-year history, quit 3 years ago.',
    ],
    exam: [
      'Diffuse expiratory wheezes with prolonged expiration.',
      'Oxygen saturation 88% on room air, 93% on 2 L nasal cannula.',
    ],
    plan: [
      'Prednisone 40 mg daily for 5 days.',
      'Doxycycline 100 mg twice daily for 5 days.',
      'Scheduled albuterol/ipratropium nebulizers every 4 hours.',
      'Pulmonary rehabilitation referral at discharge.',
    ],
    meds: [
      ['Tiotropium 18 mcg inhalation capsule', '1 capsule inhaled daily'],
      ['Albuterol HFA 90 mcg', '2 puffs every 4 hours as needed'],
    ],
    labs: [
      ['pH, venous', '7.36', '7.32–7.42'],
      ['pCO2, venous', '52 mmHg', '41–51'],
      ['Eosinophils', '0.4 x10^3/µL', '0.0–0.5'],
    ],
  },
  {
    name: 'Cellulitis of left lower leg',
    icd10: 'L03.116',
    complaint: 'Red, painful left leg',
    hpi: [
      'Spreading redness of the left shin for {dur} after a minor scrape while gardening.',
      'Low-grade fevers; no drainage.',
      'History of venous insufficiency.',
    ],
    exam: [
      'Erythema 12 x 8 cm over the anterior left shin, warm and tender, borders marked.',
      'No fluctuance or crepitus.',
    ],
    plan: [
      'Cefazolin 2 g IV every 8 hours, then cephalexin to complete 7 days.',
      'Elevate the leg; mark borders twice daily.',
      'Compression stockings once the infection resolves.',
    ],
    meds: [['Cephalexin 500 mg capsule', '1 capsule four times daily x 5 days']],
    labs: [
      ['WBC', '11.8 x10^3/µL', '4.0–11.0'],
      ['CRP', '64 mg/L', '< 5'],
    ],
  },
  {
    name: 'Urinary tract infection with acute pyelonephritis',
    icd10: 'N10',
    complaint: 'Flank pain and fever',
    hpi: [
      'Dysuria and urinary frequency for {dur}.',
      'Right flank pain since yesterday with nausea.',
      'Temperature 39.2 °C at triage.',
    ],
    exam: ['Right costovertebral angle tenderness.', 'Abdomen soft, mildly tender suprapubically.'],
    plan: [
      'Ceftriaxone 1 g IV daily pending culture.',
      'Renal ultrasound if not improved within 48 hours.',
      'Oral fluids encouraged.',
    ],
    meds: [
      ['Ciprofloxacin 500 mg tablet', '1 tablet twice daily x 7 days'],
      ['Ondansetron 4 mg ODT', '1 tablet every 8 hours as needed for nausea'],
    ],
    labs: [
      ['Urinalysis, nitrite', 'Positive', 'Negative'],
      ['Urine WBC', '> 50 /hpf', '0–5'],
      ['Creatinine', '1.1 mg/dL', '0.6–1.2'],
    ],
  },
  {
    name: 'Major depressive disorder, recurrent, moderate',
    icd10: 'F33.1',
    complaint: 'Low mood and poor sleep',
    hpi: [
      'Low mood, anhedonia and early waking for {dur}.',
      'PHQ-9 score of 16 today.',
      'Denies suicidal ideation, intent or plan; safety plan reviewed.',
    ],
    exam: ['Affect constricted; thought process linear and goal directed.', 'Insight and judgement fair.'],
    plan: [
      'Increase sertraline to 100 mg daily.',
      'Weekly cognitive behavioural therapy.',
      'Return in 4 weeks or sooner if symptoms worsen.',
    ],
    meds: [['Sertraline 100 mg tablet', '1 tablet daily']],
    labs: [
      ['TSH', '1.8 mIU/L', '0.4–4.0'],
      ['Vitamin B12', '412 pg/mL', '200–900'],
    ],
  },
  {
    name: 'Migraine without aura, intractable',
    icd10: 'G43.019',
    complaint: 'Recurrent headaches',
    hpi: [
      'Throbbing unilateral headaches three times a week for {dur}.',
      'Photophobia and nausea; no focal deficits.',
      'Over-the-counter analgesics used more than 12 days per month.',
    ],
    exam: ['Neurological examination non-focal; fundi normal.'],
    plan: [
      'Start topiramate 25 mg nightly, titrating weekly to 50 mg twice daily.',
      'Sumatriptan 50 mg at onset; limit to 2 days per week.',
      'Headache diary.',
    ],
    meds: [
      ['Topiramate 25 mg tablet', '1 tablet at bedtime'],
      ['Sumatriptan 50 mg tablet', '1 tablet at onset, may repeat once after 2 hours'],
    ],
    labs: [['ESR', '8 mm/h', '0–20']],
  },
  {
    name: 'Chronic kidney disease, stage 3b',
    icd10: 'N18.32',
    complaint: 'Kidney function follow-up',
    hpi: [
      'eGFR has declined from 48 to 38 over {dur}.',
      'Nocturia once nightly; no edema.',
      'Uses ibuprofen for knee pain several times a week.',
    ],
    exam: ['Blood pressure 138/84; no edema.'],
    plan: [
      'Stop NSAIDs; acetaminophen for pain.',
      'Start dapagliflozin 10 mg daily.',
      'Renal ultrasound and nephrology referral.',
    ],
    meds: [
      ['Dapagliflozin 10 mg tablet', '1 tablet daily'],
      ['Losartan 50 mg tablet', '1 tablet daily'],
    ],
    labs: [
      ['eGFR', '38 mL/min/1.73m²', '> 60'],
      ['Potassium', '5.0 mmol/L', '3.5–5.1'],
      ['Hemoglobin', '11.2 g/dL', '12.0–16.0'],
    ],
  },
  {
    name: 'Chest pain, acute coronary syndrome ruled out',
    icd10: 'R07.9',
    complaint: 'Chest pressure',
    hpi: [
      'Substernal pressure at rest lasting 20 minutes, {dur} ago.',
      'Non-radiating; no diaphoresis.',
      'Family history of coronary disease in his father at 58.',
    ],
    exam: ['Chest wall non-tender; regular rhythm without murmurs.'],
    plan: [
      'Serial troponins negative x 3.',
      'Exercise stress test as an outpatient.',
      'Aspirin 81 mg daily and statin.',
    ],
    meds: [
      ['Aspirin 81 mg tablet', '1 tablet daily'],
      ['Rosuvastatin 20 mg tablet', '1 tablet daily'],
    ],
    labs: [
      ['Troponin I (0 h)', '< 0.01 ng/mL', '< 0.04'],
      ['Troponin I (3 h)', '< 0.01 ng/mL', '< 0.04'],
      ['LDL cholesterol', '142 mg/dL', '< 100'],
    ],
  },
  {
    name: 'Asthma, moderate persistent, with exacerbation',
    icd10: 'J45.41',
    complaint: 'Wheezing and chest tightness',
    hpi: [
      'Wheezing and night cough for {dur} after a viral illness.',
      'Uses albuterol four times daily.',
      'No prior intubations.',
    ],
    exam: ['Scattered expiratory wheezes; peak flow 62% of predicted.'],
    plan: [
      'Step up to budesonide/formoterol 160/4.5 two puffs twice daily.',
      'Prednisone 40 mg daily for 5 days.',
      'Written asthma action plan provided.',
    ],
    meds: [
      ['Budesonide/formoterol 160/4.5 mcg', '2 puffs twice daily'],
      ['Albuterol HFA 90 mcg', '2 puffs every 4 hours as needed'],
    ],
    labs: [['Peak expiratory flow', '290 L/min', '> 400']],
  },
  {
    name: 'Hypothyroidism',
    icd10: 'E03.9',
    complaint: 'Fatigue and weight gain',
    hpi: ['Fatigue, cold intolerance and 5 kg weight gain over {dur}.', 'Constipation and dry skin.'],
    exam: ['Thyroid not enlarged; delayed relaxation of ankle reflexes.'],
    plan: ['Start levothyroxine 50 mcg daily on an empty stomach.', 'TSH in 6 weeks.'],
    meds: [['Levothyroxine 50 mcg tablet', '1 tablet every morning before breakfast']],
    labs: [
      ['TSH', '11.6 mIU/L', '0.4–4.0'],
      ['Free T4', '0.6 ng/dL', '0.8–1.8'],
    ],
  },
  {
    name: 'Lumbar radiculopathy, L5',
    icd10: 'M54.16',
    complaint: 'Low back pain radiating to the left leg',
    hpi: [
      'Low back pain radiating down the lateral left leg for {dur}.',
      'Numbness over the dorsum of the foot.',
      'No bowel or bladder dysfunction; no saddle anesthesia.',
    ],
    exam: [
      'Positive straight-leg raise on the left at 40 degrees.',
      'Extensor hallucis longus strength 4/5 on the left.',
    ],
    plan: [
      'Physical therapy twice weekly for 6 weeks.',
      'Short course of naproxen with food.',
      'MRI lumbar spine if no improvement in 6 weeks.',
    ],
    meds: [['Naproxen 500 mg tablet', '1 tablet twice daily with food x 10 days']],
    labs: [],
  },
  {
    name: 'Gastroesophageal reflux disease',
    icd10: 'K21.9',
    complaint: 'Heartburn',
    hpi: [
      'Burning retrosternal discomfort after meals for {dur}.',
      'Worse lying flat; occasional regurgitation.',
      'No dysphagia, weight loss or melena.',
    ],
    exam: ['Mild epigastric tenderness without guarding.'],
    plan: [
      'Omeprazole 20 mg daily before breakfast for 8 weeks.',
      'Elevate the head of the bed; avoid late meals.',
    ],
    meds: [['Omeprazole 20 mg capsule', '1 capsule daily before breakfast']],
    labs: [['Hemoglobin', '13.9 g/dL', '12.0–16.0']],
  },
];

export const SURGICAL: Condition[] = [
  {
    name: 'Acute appendicitis',
    icd10: 'K35.80',
    complaint: 'Right lower quadrant abdominal pain',
    hpi: [
      'Periumbilical pain migrating to the right lower quadrant over {dur}.',
      'Anorexia and one episode of emesis.',
    ],
    exam: ['Tenderness at McBurney point with rebound.'],
    plan: ['Advance diet as tolerated.', 'Ambulate tonight.', 'Follow-up in surgical clinic in 2 weeks.'],
    meds: [
      ['Acetaminophen 500 mg tablet', '2 tablets every 6 hours as needed'],
      ['Oxycodone 5 mg tablet', '1 tablet every 6 hours as needed for severe pain, max 8 tablets'],
    ],
    labs: [['WBC', '15.1 x10^3/µL', '4.0–11.0']],
    surgery: {
      procedure: 'Laparoscopic appendectomy',
      anesthesia: 'General endotracheal anesthesia',
      findings: ['Inflamed, non-perforated appendix without abscess.', 'No free purulent fluid.'],
      specimen: 'Appendix to pathology',
      steps: [
        'The patient was placed supine and the abdomen prepped and draped in sterile fashion.',
        'Pneumoperitoneum was established through an umbilical Hasson port.',
        'The mesoappendix was divided with an energy device and the base stapled.',
        'The specimen was removed in a retrieval bag and the fascia closed with 0 Vicryl.',
      ],
    },
  },
  {
    name: 'Symptomatic cholelithiasis',
    icd10: 'K80.20',
    complaint: 'Recurrent right upper quadrant pain after meals',
    hpi: [
      'Postprandial right upper quadrant pain episodes for {dur}.',
      'Ultrasound shows multiple gallstones without wall thickening.',
    ],
    exam: ['Mild right upper quadrant tenderness; negative Murphy sign.'],
    plan: [
      'Low-fat diet for 1 week.',
      'No lifting over 10 kg for 2 weeks.',
      'Clinic follow-up in 2 to 3 weeks.',
    ],
    meds: [['Acetaminophen 500 mg tablet', '2 tablets every 6 hours as needed']],
    labs: [
      ['Total bilirubin', '0.8 mg/dL', '0.1–1.2'],
      ['Lipase', '32 U/L', '10–60'],
    ],
    surgery: {
      procedure: 'Laparoscopic cholecystectomy',
      anesthesia: 'General endotracheal anesthesia',
      findings: ['Thin-walled gallbladder with multiple stones.', 'Critical view of safety obtained.'],
      specimen: 'Gallbladder to pathology',
      steps: [
        'Four ports were placed under direct vision.',
        'The cystic duct and artery were identified, clipped and divided.',
        'The gallbladder was dissected from the liver bed with electrocautery.',
        'Hemostasis was confirmed and ports removed under direct vision.',
      ],
    },
  },
  {
    name: 'Primary osteoarthritis, right knee',
    icd10: 'M17.11',
    complaint: 'Right knee pain limiting walking',
    hpi: [
      'Progressive right knee pain for {dur}, failed injections and physical therapy.',
      'Walking tolerance under two blocks.',
    ],
    exam: ['Varus alignment, crepitus, range of motion 5 to 105 degrees.'],
    plan: [
      'Weight bearing as tolerated with a walker.',
      'Aspirin 81 mg twice daily for 4 weeks for VTE prophylaxis.',
      'Outpatient physical therapy starting day 3.',
    ],
    meds: [
      ['Aspirin 81 mg tablet', '1 tablet twice daily x 4 weeks'],
      ['Celecoxib 200 mg capsule', '1 capsule daily x 2 weeks'],
    ],
    labs: [['Hemoglobin (post-op)', '11.4 g/dL', '12.0–16.0']],
    surgery: {
      procedure: 'Right total knee arthroplasty',
      anesthesia: 'Spinal anesthesia with adductor canal block',
      findings: ['Tricompartmental osteoarthritis, worst in the medial compartment.'],
      specimen: 'Bone and cartilage fragments, discarded',
      steps: [
        'A medial parapatellar arthrotomy was performed under tourniquet.',
        'Distal femoral and proximal tibial cuts were made with standard guides.',
        'Trial components showed good balance in flexion and extension.',
        'Cemented components were implanted and the wound closed in layers.',
      ],
    },
  },
  {
    name: 'Inguinal hernia, left, reducible',
    icd10: 'K40.90',
    complaint: 'Left groin bulge',
    hpi: [
      'Intermittent left groin bulge with straining for {dur}.',
      'Reduces spontaneously; no obstructive symptoms.',
    ],
    exam: ['Reducible left inguinal hernia on Valsalva.'],
    plan: ['No heavy lifting for 4 weeks.', 'Follow-up in 2 weeks.'],
    meds: [['Ibuprofen 400 mg tablet', '1 tablet every 6 hours as needed with food']],
    labs: [],
    surgery: {
      procedure: 'Laparoscopic left inguinal hernia repair with mesh (TEP)',
      anesthesia: 'General anesthesia',
      findings: ['Indirect hernia sac with a 2 cm defect.'],
      specimen: 'None',
      steps: [
        'The preperitoneal space was developed with a balloon dissector.',
        'The hernia sac was reduced and the cord structures skeletonised.',
        'A 15 x 15 cm polypropylene mesh was placed and the space desufflated.',
      ],
    },
  },
  {
    name: 'Carpal tunnel syndrome, right',
    icd10: 'G56.01',
    complaint: 'Numbness of the right hand',
    hpi: [
      'Night-time numbness of the thumb, index and middle fingers for {dur}.',
      'Nerve conduction study confirmed moderate median neuropathy.',
    ],
    exam: ['Positive Tinel and Phalen signs on the right.'],
    plan: [
      'Keep the dressing dry for 48 hours.',
      'Finger range of motion exercises.',
      'Suture removal in 10 to 14 days.',
    ],
    meds: [['Acetaminophen 500 mg tablet', '2 tablets every 6 hours as needed']],
    labs: [],
    surgery: {
      procedure: 'Right open carpal tunnel release',
      anesthesia: 'Local anesthesia with monitored anesthesia care',
      findings: ['Thickened transverse carpal ligament with median nerve compression.'],
      specimen: 'None',
      steps: [
        'A longitudinal incision was made in line with the radial border of the ring finger.',
        'The transverse carpal ligament was divided under direct vision.',
        'The skin was closed with interrupted 4-0 nylon.',
      ],
    },
  },
];
