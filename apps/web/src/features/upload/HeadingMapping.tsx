import {
  Alert,
  Button,
  Group,
  List,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import {
  COMPOSITE_NAME_FORMATS,
  type HeadingMappingItem,
  type ValidateHeadingsResponse,
} from '@quill/core/contract/schedule';
import {
  canSubmitMapping,
  chooseDefinition,
  needsDateFormat,
} from '@quill/core/rules/schedule/headingMapping';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { NamePreview } from './NamePreview';
import classes from './ScheduleUploadPage.module.css';
import {
  definitionChoices,
  definitionLabel,
  definitionValue,
  type HeadingDot,
  headingDot,
  isCompositeChoice,
} from './scheduleUploadForm';

const DOT_LABEL: Record<HeadingDot, 'schedule.mapped' | 'schedule.ignored' | 'schedule.unmapped'> = {
  mapped: 'schedule.mapped',
  ignored: 'schedule.ignored',
  unmapped: 'schedule.unmapped',
};

/** Spec 02 §9: selector dropdowns are at most 400 px high. */
const SELECT_DROPDOWN_HEIGHT = 400;

export interface HeadingMappingProps {
  validated: ValidateHeadingsResponse;
  items: HeadingMappingItem[];
  onItemsChange: (items: HeadingMappingItem[]) => void;
  index: number;
  onIndexChange: (index: number) => void;
  submitting: boolean;
  /** The server's errors of the last submit (hasErrors). */
  errors: string[];
  onSubmit: () => void;
  onBack: () => void;
}

/**
 * Step 2 (spec 02 §2, §4, §5): one heading at a time — its sample, the ADT definition (choosing
 * goes through chooseDefinition), a date format when the definition needs one and a name format
 * for the composite name — with Previous / Next Heading, and the sample table whose headings show
 * whether each is mapped, ignored or not yet. Submit only when every heading is ready. No form:
 * Enter in a field never submits.
 */
export function HeadingMapping(props: HeadingMappingProps) {
  const { validated, items, onItemsChange, index, onIndexChange, submitting, errors, onSubmit, onBack } =
    props;
  const { t } = useTranslation();
  const choices = useMemo(() => definitionChoices(validated.adtDefinitions), [validated.adtDefinitions]);
  const definitionData = useMemo(
    () => choices.map((d, i) => ({ value: String(i), label: definitionLabel(d) })),
    [choices],
  );
  const item = items[index];
  const ready = canSubmitMapping(items);
  const count = items.length;

  const update = (next: HeadingMappingItem) => onItemsChange(items.map((it, i) => (i === index ? next : it)));
  const indexOfHeading = (heading: string) => items.findIndex((it) => it.fileHeading === heading);

  return (
    <Stack gap="lg">
      {errors.length > 0 && (
        <Alert color="red" variant="light" role="alert" data-testid="schedule-headings-errors">
          <Text size="sm" fw={600} c="gray.9">
            {t('schedule.submitHeadingsErrors')}
          </Text>
          <List size="sm" mt={4} c="gray.9">
            {errors.map((e) => (
              <List.Item key={e}>{e}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      {item && (
        <section aria-labelledby="schedule-current-heading" className={classes.current}>
          <Stack gap="md">
            <Group justify="space-between" align="center">
              <Text id="schedule-current-heading" fw={600} aria-live="polite">
                {t('schedule.headingOf', { index: String(index + 1), count })}
              </Text>
              <Group gap="xs">
                <Button
                  variant="default"
                  size="xs"
                  onClick={() => onIndexChange(index - 1)}
                  disabled={index === 0}
                >
                  {t('schedule.previousHeading')}
                </Button>
                <Button
                  variant="default"
                  size="xs"
                  onClick={() => onIndexChange(index + 1)}
                  disabled={index >= count - 1}
                >
                  {t('schedule.nextHeading')}
                </Button>
              </Group>
            </Group>
            <div className={classes.pair}>
              <TextInput label={t('schedule.fileHeading')} value={item.fileHeading} readOnly />
              <TextInput label={t('schedule.sample')} value={item.sample} readOnly />
            </div>
            <div className={classes.pair}>
              <Select
                label={t('schedule.adtDefinition')}
                placeholder={t('schedule.adtDefinitionPlaceholder')}
                data={definitionData}
                value={definitionValue(choices, item.adtDefinition)}
                onChange={(v) =>
                  update(chooseDefinition(item, v === null ? null : (choices[Number(v)] ?? null)))
                }
                searchable
                allowDeselect={false}
                maxDropdownHeight={SELECT_DROPDOWN_HEIGHT}
                comboboxProps={{ withinPortal: true }}
                disabled={submitting}
              />
              {!item.isIgnored && needsDateFormat(item.adtDefinition) && (
                <Select
                  label={t('schedule.dateFormat')}
                  placeholder={t('schedule.dateFormatPlaceholder')}
                  data={validated.dateFormats}
                  value={item.dateTimeFormat}
                  onChange={(v) => update({ ...item, dateTimeFormat: v })}
                  searchable
                  allowDeselect={false}
                  maxDropdownHeight={SELECT_DROPDOWN_HEIGHT}
                  comboboxProps={{ withinPortal: true }}
                  disabled={submitting}
                />
              )}
              {isCompositeChoice(item.adtDefinition) && (
                <Select
                  label={t('schedule.compositeFormat')}
                  placeholder={t('schedule.compositeFormatPlaceholder')}
                  data={COMPOSITE_NAME_FORMATS.map((f) => ({ value: String(f.value), label: f.label }))}
                  value={item.compositeColumnFormat === null ? null : String(item.compositeColumnFormat)}
                  onChange={(v) => update({ ...item, compositeColumnFormat: v === null ? null : Number(v) })}
                  allowDeselect={false}
                  comboboxProps={{ withinPortal: true }}
                  disabled={submitting}
                />
              )}
            </div>
            {isCompositeChoice(item.adtDefinition) && item.compositeColumnFormat !== null && (
              <NamePreview
                heading={item.fileHeading}
                sampleTable={validated.sampleDataTable}
                format={item.compositeColumnFormat}
              />
            )}
          </Stack>
        </section>
      )}
      <Table.ScrollContainer minWidth={0} type="native" className={classes.sample}>
        <Table striped withTableBorder withColumnBorders aria-label={t('schedule.sampleTable')}>
          <Table.Thead>
            <Table.Tr>
              {validated.sampleDataTable.headings.map((heading) => {
                const at = indexOfHeading(heading);
                const dot = headingDot(items[at]);
                const status = t(DOT_LABEL[dot]);
                return (
                  <Table.Th key={heading} className={classes.headingCell}>
                    <button
                      type="button"
                      className={classes.headingButton}
                      aria-current={at === index ? 'true' : undefined}
                      disabled={at < 0}
                      onClick={() => onIndexChange(at)}
                      data-testid="sample-heading"
                    >
                      <span
                        className={classes.dot}
                        data-dot={dot}
                        role="img"
                        aria-label={status}
                        title={status}
                      />
                      <span>{heading}</span>
                    </button>
                  </Table.Th>
                );
              })}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {validated.sampleDataTable.rows.map((row, r) => (
              // The sample rows have no identity of their own; their order is fixed.
              // biome-ignore lint/suspicious/noArrayIndexKey: fixed rows
              <Table.Tr key={r}>
                {row.map((cell, c) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: fixed columns
                  <Table.Td key={c}>{cell}</Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onBack} disabled={submitting}>
          {t('schedule.back')}
        </Button>
        <Tooltip
          label={t('schedule.mappingIncomplete')}
          disabled={ready}
          events={{ hover: true, focus: true, touch: true }}
        >
          <Button
            data-disabled={!ready || undefined}
            aria-disabled={!ready || undefined}
            aria-describedby={ready ? undefined : 'schedule-mapping-incomplete'}
            loading={submitting}
            onClick={(event) => {
              if (!ready) {
                event.preventDefault();
                return;
              }
              onSubmit();
            }}
          >
            {submitting ? t('schedule.submittingHeadings') : t('schedule.submitHeadings')}
          </Button>
        </Tooltip>
      </Group>
      {!ready && (
        <VisuallyHidden id="schedule-mapping-incomplete">{t('schedule.mappingIncomplete')}</VisuallyHidden>
      )}
    </Stack>
  );
}
