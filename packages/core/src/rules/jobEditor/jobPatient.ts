/** A patient record's name, MRN and birth date, as the job view, documents and list read them. */
export interface PatientRecordFields {
  lastName: string;
  firstName: string;
  middleName?: string | null;
  mrn?: string | null;
  /** ISO date (YYYY-MM-DD). */
  dateOfBirth?: string | null;
}

/** Who a job is about, as every display of the job shows it. */
export interface JobPatientDisplay {
  lastName: string | null;
  firstName: string | null;
  middleName: string | null;
  mrn: string;
  /** ISO date (YYYY-MM-DD), or as the job's value says it. */
  dateOfBirth: string | null;
  /** "Last, First", or null when neither the job nor its record names the patient. */
  name: string | null;
}

const own = (adt: Readonly<Record<string, unknown>>, key: string): string | null => {
  const value = adt[key];
  return typeof value === 'string' && value !== '' ? value : null;
};

/**
 * One name everywhere (issue 39): a job's patient is what its own ADT values say (PID 5.1 last,
 * 5.2 first, 5.3 middle, 3.1 MRN, 7.1 birth date) over its linked patient record — the rule of the
 * Patient Details panel and the hold-queue rules — so a saved ADT change is what the job view's
 * header, the list, the documents and the exports show from that save on. The list's SQL says the
 * same with migration 0029's job_patient_name and job_patient_mrn (a test holds them together).
 */
export function jobPatientDisplay(
  adt: Readonly<Record<string, unknown>> | null | undefined,
  record: PatientRecordFields | null | undefined,
): JobPatientDisplay {
  const values = adt ?? {};
  const lastName = own(values, 'PID.5.1') ?? record?.lastName ?? null;
  const firstName = own(values, 'PID.5.2') ?? record?.firstName ?? null;
  const birth = own(values, 'PID.7.1');
  const iso = birth ? /^(\d{4})-?(\d{2})-?(\d{2})/.exec(birth) : null;
  return {
    lastName,
    firstName,
    middleName: own(values, 'PID.5.3') ?? record?.middleName ?? null,
    mrn: own(values, 'PID.3.1') ?? record?.mrn ?? '',
    dateOfBirth: iso ? `${iso[1]}-${iso[2]}-${iso[3]}` : (birth ?? record?.dateOfBirth ?? null),
    name: [lastName, firstName].filter((n) => n !== null).join(', ') || null,
  };
}
