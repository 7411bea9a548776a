/**
 * Plausible health notes of the kind clubs hold (special-category data in real life; fictional
 * here). Each is a whole note, well within the spec's 4000 characters.
 */

export const MEDICAL_HISTORY = [
  'Asthma - carries inhaler',
  'Asthma - inhaler kept in kit bag, may need it after hard sets',
  'Type 1 diabetes - insulin pump; check blood sugar before and after training',
  'Epilepsy - well controlled, no seizures for two years; care plan with parent',
  'Eczema - may need to shower straight after sessions',
  'Grommets fitted - must wear ear plugs',
  'Recovering from a broken wrist - no butterfly until cleared by physio',
  'Hypermobility - avoid forcing stretches',
  'Migraines - may need to sit out in bright sunlight',
  'Heart murmur - checked by cardiologist, no restrictions',
  'Knee surgery last year - breaststroke kick with care',
  'Exercise-induced asthma - warm up gradually',
] as const;

export const ALLERGIES = [
  'Peanuts - carries an EpiPen',
  'Tree nuts - carries two adrenaline pens',
  'Bee and wasp stings',
  'Penicillin',
  'Hay fever - worse at outdoor sessions in summer',
  'Chlorine sensitivity - uses barrier cream',
  'Latex',
  'Dairy',
  'Sesame - carries antihistamine',
] as const;

export const DISABILITY_DETAILS = [
  'Autism - prefers warning before changes to the session plan',
  'ADHD - benefits from short, clear instructions',
  'Hearing impairment - removes hearing aids to swim; use visual signals',
  'Dyslexia - give sets verbally as well as on the board',
  'Visual impairment - needs a tapper at the end of the lane',
  'Cerebral palsy (mild) - classified para swimmer',
  'Dyspraxia - may need extra time learning new skills',
] as const;

/** Fictional GPs, with practice addresses within 50 characters. */
export const DOCTORS = [
  { Doctor: 'Dr A. Hughes', DoctorAddress: 'Casterbridge Health Centre, Mill Lane' },
  { Doctor: 'Dr P. Okafor', DoctorAddress: 'Froom Vale Surgery, Casterbridge' },
  { Doctor: 'Dr R. Whittle', DoctorAddress: 'Budmouth Medical Practice, Esplanade' },
  { Doctor: 'Dr S. Lennox', DoctorAddress: 'Weatherbury Surgery, Church Street' },
  { Doctor: 'Dr M. Ashdown', DoctorAddress: 'Mellstock Family Practice, High Street' },
  { Doctor: 'Dr J. Kapoor', DoctorAddress: 'Durnover Medical Centre, Casterbridge' },
] as const;
