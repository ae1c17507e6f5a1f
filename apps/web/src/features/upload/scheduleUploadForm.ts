import {
  ACCEPTED_UPLOAD_EXTENSIONS,
  COMPOSITE_NAME_DEFINITION,
  type Company,
  type HeadingMappingItem,
  IGNORE_DEFINITION,
  type MappingDefinition,
  SCHEDULE_LIMITS,
  type SubmitHeadingsRequest,
  UPLOAD_ACTIONS,
  UPLOAD_FORM_TYPES,
  type UploadAction,
  type UploadFormType,
  type UploadStatus,
  type ValidateHeadingsResponse,
} from '@quill/core/contract/schedule';
import { isHeadingReady, sameDefinition } from '@quill/core/rules/schedule/headingMapping';

/** What step 1 (the upload form) holds. */
export interface UploadValues {
  company: Company | null;
  file: File | null;
  action: UploadAction | null;
}

export const EMPTY_UPLOAD: UploadValues = { company: null, file: null, action: null };

/** The files the picker offers (the server checks the content). */
export const ACCEPTED_FILES = ACCEPTED_UPLOAD_EXTENSIONS.join(',');

/** The upload limit in MB, for the messages. */
export const MAX_UPLOAD_MB = Math.round(SCHEDULE_LIMITS.maxUploadBytes / (1024 * 1024));

/** Spec 02 §3: the actions in their order, with their catalogue keys under `schedule.actions`. */
export const ACTION_OPTIONS = [
  { value: UPLOAD_ACTIONS.UPDATE, key: 'update' },
  { value: UPLOAD_ACTIONS.DELETE, key: 'delete' },
  { value: UPLOAD_ACTIONS.VARIED, key: 'varied' },
  { value: UPLOAD_ACTIONS.NONE, key: 'none' },
] as const;

/** Spec 02 §5: Submit needs a facility, a file and an action. */
export function canSubmitUpload(values: UploadValues): boolean {
  return values.company !== null && values.file !== null && values.action !== null;
}

/** The file is within our limit (the server checks it again). */
export function isFileTooLarge(file: File | null): boolean {
  return !!file && file.size > SCHEDULE_LIMITS.maxUploadBytes;
}

/**
 * The multipart body of validateheadings: the fields first, then the file. The form type is the
 * page's: SCHEDULE for the Schedule Upload, ADT for the patient-data upload.
 */
export function validateHeadingsFormData(
  values: UploadValues,
  formType: UploadFormType = UPLOAD_FORM_TYPES.SCHEDULE,
): FormData {
  const form = new FormData();
  form.append('companyId', String(values.company?.id ?? ''));
  form.append('mshActionType', String(values.action ?? ''));
  form.append('formType', String(formType));
  if (values.file) form.append('file', values.file, values.file.name);
  return form;
}

/** "DOB (PID 7.1)": the definition's heading and its HL7 address (none for Ignore). */
export function definitionLabel(def: MappingDefinition): string {
  if (!def.segmentName) return def.columnHeading;
  const address = def.componentIndex > 0 ? `${def.fieldIndex}.${def.componentIndex}` : String(def.fieldIndex);
  return `${def.columnHeading} (${def.segmentName} ${address})`;
}

/**
 * The definitions the selector offers: the server's, with the Ignore choice first when the server
 * did not send one (every heading can be ignored, spec 02 §4).
 */
export function definitionChoices(adtDefinitions: readonly MappingDefinition[]): MappingDefinition[] {
  const hasIgnore = adtDefinitions.some((d) => sameDefinition(d, IGNORE_DEFINITION));
  return hasIgnore ? [...adtDefinitions] : [IGNORE_DEFINITION, ...adtDefinitions];
}

/** The selector's value for a heading: the index of its definition among the choices, or null. */
export function definitionValue(
  choices: readonly MappingDefinition[],
  def: MappingDefinition | null,
): string | null {
  if (!def) return null;
  const index = choices.findIndex((c) => sameDefinition(c, def));
  return index < 0 ? null : String(index);
}

export type HeadingDot = 'mapped' | 'ignored' | 'unmapped';

/**
 * The sample table's dot of a heading: ignored (grey), mapped with every format it needs (green),
 * or not yet (red).
 */
export function headingDot(item: HeadingMappingItem | undefined): HeadingDot {
  if (!item) return 'unmapped';
  if (item.isIgnored) return 'ignored';
  return isHeadingReady(item) ? 'mapped' : 'unmapped';
}

/** Whether a definition is the composite patient name (it needs a name format). */
export function isCompositeChoice(def: MappingDefinition | null): boolean {
  return sameDefinition(def, COMPOSITE_NAME_DEFINITION);
}

/**
 * The body of SubmitScheduleHeadings: every field of the contract, with the sample table, the
 * definitions and the date formats echoed from validateheadings.
 */
export function submitHeadingsRequest(
  company: Company,
  action: UploadAction,
  validated: ValidateHeadingsResponse,
  mappingItems: HeadingMappingItem[],
): SubmitHeadingsRequest {
  return {
    companyId: company.id,
    companyName: company.name,
    fileName: validated.fileName,
    revisedFileName: validated.revisedFileName,
    mappingItems,
    mappingsExist: validated.mappingsExist,
    defaultValues: {},
    actionType: action,
    sampleTableData: validated.sampleDataTable,
    adtDefinitions: validated.adtDefinitions,
    dateFormats: validated.dateFormats,
  };
}

type DoneValues = Record<
  | 'rows'
  | 'patientsAdded'
  | 'patientsUpdated'
  | 'visitsAdded'
  | 'visitsUpdated'
  | 'visitsDeleted'
  | 'rowsSkipped',
  string
>;

/** A catalogue key under `schedule.` and its values. */
export type StatusLine =
  | {
      key: 'statusQueued' | 'statusProcessing' | 'statusConfirmed' | 'statusCancelled';
      values: Record<string, never>;
    }
  | { key: 'statusPreview'; values: { rows: string } }
  | { key: 'statusDone'; values: DoneValues }
  | { key: 'statusNone'; values: { rows: string } }
  | { key: 'statusFailed'; values: { error: string } };

/** The live status line of step 3 for the upload's processing state. */
export function statusLine(status: UploadStatus, action: UploadAction): StatusLine {
  switch (status.status) {
    case 'validated':
    case 'queued':
      return { key: 'statusQueued', values: {} };
    case 'processing':
      return { key: 'statusProcessing', values: {} };
    // Issue 39: worked out and shown; applied only once confirmed.
    case 'preview':
      return { key: 'statusPreview', values: { rows: String(status.rowsTotal) } };
    case 'confirmed':
      return { key: 'statusConfirmed', values: {} };
    case 'cancelled':
      return { key: 'statusCancelled', values: {} };
    case 'failed':
      return { key: 'statusFailed', values: { error: status.error ?? '' } };
    case 'done':
      if (action === UPLOAD_ACTIONS.NONE)
        return { key: 'statusNone', values: { rows: String(status.rowsTotal) } };
      return {
        key: 'statusDone',
        values: {
          rows: String(status.rowsTotal),
          patientsAdded: String(status.patientsAdded),
          patientsUpdated: String(status.patientsUpdated),
          visitsAdded: String(status.visitsAdded),
          visitsUpdated: String(status.visitsUpdated),
          visitsDeleted: String(status.visitsDeleted),
          rowsSkipped: String(status.rowsSkipped),
        },
      };
  }
}

/** The warnings of step 3: the submit's, then the processing's that are new, each once. */
export function allWarnings(submitted: readonly string[], processed: readonly string[] = []): string[] {
  return [...new Set([...submitted, ...processed])];
}
