/**
 * The list row declared once (issue 42): the record of the list's binary format, field by field,
 * from which the database's trigger function that writes it (`jobListRowFunctionSql`, installed by
 * a migration), the offsets of contract BINARY_ROW and the decoder's readers (`compileListRow`)
 * are all made. A new field is one entry here, a migration of the generated function and a new
 * `version` (docs/decisions/jobList.md "The list row declared once").
 */

/** How a field's number is held: big-endian, as PostgreSQL's send function writes it. */
export type ListRowType = 'float64' | 'int32' | 'int16';

interface ListRowFieldBase {
  /** The field's name: its key in BINARY_ROW and what the decoder reads it by. */
  readonly name: string;
  readonly type: ListRowType;
}

/** A field whose value is one SQL expression. */
export interface ListRowValueField extends ListRowFieldBase {
  /** SQL of the value in the trigger function: `NEW` is the job's row, `tz` its facility's zone. */
  readonly sql: string;
  /** Written where the value is null and read back as null (NaN for float64). Absent: never null. */
  readonly missing?: number;
  /** Written where the value is null and read back as this number (a filler, not a null). */
  readonly fill?: number;
}

/** A field of bits: each named bit is set where its SQL condition holds. */
export interface ListRowBitsField extends ListRowFieldBase {
  /** [bit name, SQL boolean] in bit order: the first is 1, the next 2, … */
  readonly bits: readonly (readonly [string, string])[];
}

export type ListRowField = ListRowValueField | ListRowBitsField;

/** A version of the record and its fields in order. */
export interface ListRowLayout {
  /** The header's `format` is `binary-<version>`; a change of the fields is a new version. */
  readonly version: number;
  readonly fields: readonly ListRowField[];
}

/** The sentinel of a missing id (no dictionary holds it). */
export const BINARY_MISSING_ID = -1;
/** The sentinel of turnaround minutes not yet known. */
export const BINARY_MISSING_MINUTES = -1;
/** The sentinel of a missing date of service (the smallest int32). */
export const BINARY_MISSING_DAY = -2147483648;

const offsetSql = (time: string) =>
  `round((extract(epoch from NEW.${time} at time zone tz) - extract(epoch from NEW.${time})) / 60)::int2`;
const utcSql = (time: string) => `floor(extract(epoch from NEW.${time}) * 1000)::float8`;

/**
 * The list's record (contract BINARY_ROW; migrations 0008, 0026, 0033): the same for every
 * account, kept with each job by the jobs_list_row trigger; notes, flags and what the account
 * viewed travel in the batch's header.
 */
export const JOB_LIST_ROW_LAYOUT = {
  version: 2,
  fields: [
    { name: 'jobId', type: 'float64', sql: 'NEW.id::float8' },
    { name: 'originalJobId', type: 'float64', sql: 'NEW.original_job_id::float8', missing: Number.NaN },
    /** UTC milliseconds. */
    { name: 'dictatedUtc', type: 'float64', sql: utcSql('dictated_at'), missing: Number.NaN },
    { name: 'signedUtc', type: 'float64', sql: utcSql('signed_at'), missing: Number.NaN },
    { name: 'dictatorId', type: 'int32', sql: 'NEW.dictator_id', missing: BINARY_MISSING_ID },
    { name: 'patientId', type: 'int32', sql: 'NEW.patient_id', missing: BINARY_MISSING_ID },
    { name: 'workTypeId', type: 'int32', sql: 'NEW.work_type_id', missing: BINARY_MISSING_ID },
    { name: 'departmentId', type: 'int32', sql: 'NEW.department_id', missing: BINARY_MISSING_ID },
    { name: 'locationId', type: 'int32', sql: 'NEW.location_id', missing: BINARY_MISSING_ID },
    /** Days since 1970-01-01. */
    {
      name: 'dateOfService',
      type: 'int32',
      sql: "NEW.date_of_service - date '1970-01-01'",
      missing: BINARY_MISSING_DAY,
    },
    { name: 'clientFacilityId', type: 'int32', sql: 'NEW.client_facility_id' },
    { name: 'stageId', type: 'int16', sql: 'NEW.stage_id::int2' },
    /** The facility's offset from UTC at the time, in minutes (0 when the time is missing). */
    { name: 'dictatedOffset', type: 'int16', sql: offsetSql('dictated_at'), fill: 0 },
    { name: 'signedOffset', type: 'int16', sql: offsetSql('signed_at'), fill: 0 },
    {
      name: 'bits',
      type: 'int16',
      bits: [
        ['stat', 'NEW.stat IS NOT NULL'],
        ['edited', 'NEW.edited'],
        ['signed', 'NEW.signed'],
        ['faxed', 'NEW.faxed'],
      ],
    },
    /** Whole minutes from dictation to the first text and to the finished text (issue 27). */
    {
      name: 'tatFirstText',
      type: 'int32',
      sql: 'tat_minutes(NEW.dictated_at, NEW.first_text_at)',
      missing: BINARY_MISSING_MINUTES,
    },
    {
      name: 'tatFinished',
      type: 'int32',
      sql: 'tat_minutes(NEW.dictated_at, NEW.finished_at)',
      missing: BINARY_MISSING_MINUTES,
    },
  ],
} as const satisfies ListRowLayout;

/** The names of a layout's fields. */
export type ListRowFieldName<L extends ListRowLayout> = L['fields'][number]['name'];
/** The names of a layout's fields of one type. */
export type ListRowFieldOfType<L extends ListRowLayout, T extends ListRowType> = Extract<
  L['fields'][number],
  { type: T }
>['name'];
/** Where each field of a layout starts in its record, and `size` in all. */
export type ListRowOffsets<L extends ListRowLayout> = Readonly<Record<ListRowFieldName<L>, number>> & {
  readonly size: number;
};

const WIDTH: Record<ListRowType, number> = { float64: 8, int32: 4, int16: 2 };

/** The offsets of a layout's fields (packed in order, as the trigger concatenates them). */
export function listRowOffsets<L extends ListRowLayout>(layout: L): ListRowOffsets<L> {
  const offsets: Record<string, number> = {};
  let at = 0;
  for (const field of layout.fields) {
    offsets[field.name] = at;
    at += WIDTH[field.type];
  }
  offsets.size = at;
  return offsets as ListRowOffsets<L>;
}

/** The names of the bits of a layout's bits fields. */
export type ListRowBitName<L extends ListRowLayout> = Extract<
  L['fields'][number],
  ListRowBitsField
>['bits'][number][0];

/** Each bit of a layout's bits fields by name (LIST_ROW_BITS). */
export function listRowBits<L extends ListRowLayout>(layout: L): Readonly<Record<ListRowBitName<L>, number>> {
  const bits: Record<string, number> = {};
  for (const field of layout.fields)
    if ('bits' in field)
      field.bits.forEach(([name], i) => {
        bits[name] = 1 << i;
      });
  return bits as Record<ListRowBitName<L>, number>;
}

/** The header's `format` of a layout. */
export function listRowFormat<const V extends number>(layout: { version: V }): `binary-${V}` {
  return `binary-${layout.version}`;
}

/**
 * What a layout's records mean, field by field, without its SQL: two layouts with the same
 * signature read each other's bytes. A test keeps the signature of each version, so fields
 * changed without a new version fail it.
 */
export function listRowSignature(layout: ListRowLayout): string {
  return layout.fields
    .map((f) => {
      if ('bits' in f) return `${f.name}:${f.type}[${f.bits.map(([name]) => name).join(',')}]`;
      const nullAs = f.missing !== undefined ? `?${f.missing}` : f.fill !== undefined ? `~${f.fill}` : '';
      return `${f.name}:${f.type}${nullAs}`;
    })
    .join(' ');
}

// ---- the trigger function -------------------------------------------------------------------

const SEND: Record<ListRowType, string> = { float64: 'float8send', int32: 'int4send', int16: 'int2send' };

/** A number as an SQL literal of the field's type. */
function literalSql(type: ListRowType, value: number): string {
  if (Number.isNaN(value)) return "'NaN'";
  if (type === 'int16') return `${value}::int2`;
  if (type === 'int32' && value === BINARY_MISSING_DAY) return `(${value})::int4`;
  return String(value);
}

function valueSql(field: ListRowField): string {
  if ('bits' in field) {
    const terms = field.bits.map(([, condition], i) => {
      const bool = condition.includes(' ') ? `(${condition})::int` : `${condition}::int`;
      return i === 0 ? bool : `${bool} * ${1 << i}`;
    });
    return `(${terms.join(' + ')})::int2`;
  }
  const ifNull = field.missing ?? field.fill;
  return ifNull === undefined ? field.sql : `coalesce(${field.sql}, ${literalSql(field.type, ifNull)})`;
}

/**
 * The statement that installs the trigger function writing a layout's record into
 * `jobs.list_row` (the trigger itself is migration 0008's). A migration holds it verbatim: a test
 * fails when the newest migration's function differs from what JOB_LIST_ROW_LAYOUT makes.
 */
export function jobListRowFunctionSql(layout: ListRowLayout): string {
  const parts = layout.fields.map((f, i) => `    ${i === 0 ? '' : '|| '}${SEND[f.type]}(${valueSql(f)})`);
  return [
    'CREATE OR REPLACE FUNCTION jobs_list_row() RETURNS trigger LANGUAGE plpgsql AS $$',
    'DECLARE',
    '  tz text;',
    'BEGIN',
    '  SELECT time_zone INTO tz FROM client_facilities WHERE id = NEW.client_facility_id;',
    '  NEW.list_row :=',
    `${parts.join('\n')};`,
    '  RETURN NEW;',
    'END $$;',
  ].join('\n');
}

// ---- reading ---------------------------------------------------------------------------------

/** Reads a field's number from a batch's rows at a record's start. */
export type ListRowReader = (rows: DataView, at: number) => number;

/** Reads a field's value: null where its sentinel (or NaN) stands for a missing one. */
export type ListRowValueReader = (rows: DataView, at: number) => number | null;

/** A layout made ready for reading: offsets and readers, made once per layout. */
export interface CompiledListRow {
  readonly layout: ListRowLayout;
  readonly size: number;
  readonly offsets: Readonly<Record<string, number>>;
  /** Each field's raw number (its sentinel where missing). */
  readonly read: Readonly<Record<string, ListRowReader>>;
  /** Each field's value, null where missing (a filler reads as itself). */
  readonly value: Readonly<Record<string, ListRowValueReader>>;
  /** Each bit of the bits fields: its mask where set, else 0. */
  readonly bit: Readonly<Record<string, ListRowReader>>;
  /** Each bit's mask by name. */
  readonly bits: Readonly<Record<string, number>>;
  /** Each field's type by name. */
  readonly types: Readonly<Record<string, ListRowType>>;
  /** Each field's missing sentinel by name (undefined where it is never null). */
  readonly missing: Readonly<Record<string, number | undefined>>;
}

function readerOf(type: ListRowType, offset: number): ListRowReader {
  if (type === 'float64') return (rows, at) => rows.getFloat64(at + offset);
  if (type === 'int32') return (rows, at) => rows.getInt32(at + offset);
  return (rows, at) => rows.getInt16(at + offset);
}

function valueReaderOf(read: ListRowReader, missing: number | undefined): ListRowValueReader {
  if (missing === undefined) return read;
  if (Number.isNaN(missing))
    return (rows, at) => {
      const value = read(rows, at);
      return Number.isNaN(value) ? null : value;
    };
  return (rows, at) => {
    const value = read(rows, at);
    return value === missing ? null : value;
  };
}

const compiled = new WeakMap<ListRowLayout, CompiledListRow>();

/** A layout's readers, made once per layout (the decoder asks per batch). */
export function compileListRow(layout: ListRowLayout): CompiledListRow {
  let done = compiled.get(layout);
  if (done) return done;
  const offsets = listRowOffsets(layout) as Record<string, number>;
  const read: Record<string, ListRowReader> = {};
  const value: Record<string, ListRowValueReader> = {};
  const bit: Record<string, ListRowReader> = {};
  const types: Record<string, ListRowType> = {};
  const missing: Record<string, number | undefined> = {};
  for (const field of layout.fields) {
    types[field.name] = field.type;
    missing[field.name] = 'missing' in field ? field.missing : undefined;
    const reader = readerOf(field.type, offsets[field.name]!);
    read[field.name] = reader;
    value[field.name] = valueReaderOf(reader, 'missing' in field ? field.missing : undefined);
    if ('bits' in field)
      field.bits.forEach(([name], i) => {
        const mask = 1 << i;
        bit[name] = (rows, at) => reader(rows, at) & mask;
      });
  }
  done = {
    layout,
    size: offsets.size!,
    offsets,
    read,
    value,
    bit,
    bits: listRowBits(layout),
    types,
    missing,
  };
  compiled.set(layout, done);
  return done;
}
