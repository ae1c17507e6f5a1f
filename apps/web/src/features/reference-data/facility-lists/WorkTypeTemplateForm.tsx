import { Alert, Button, Group, Loader, Paper, Radio, Select, Stack, Text, TextInput } from '@mantine/core';
import type { FacilityWorkType } from '@quill/core/contract/facilityLists';
import type { TemplateScope, WorkTypeTemplate } from '@quill/core/contract/workTypeTemplates';
import { DOC_TEMPLATES, type DocTemplateKey } from '@quill/core/rules/documents/cdaCatalogue';
import {
  catalogueDocument,
  DEFAULT_TEMPLATE,
  type DocumentTemplate,
  TEMPLATE_LIMITS,
  templateRefusal,
} from '@quill/core/rules/documents/documentTemplates';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ReferenceForm } from '../common/ReferenceDialogs';
import { useCheckedForm, WHOLE_FORM } from '../common/useCheckedForm';
import { useReferenceChange } from '../common/useReferenceChange';
import {
  deleteWorkTypeTemplate,
  loadWorkTypeTemplate,
  saveWorkTypeTemplate,
  templateKey,
} from './facilityListsApi';
import { type DraftSection, draftSection, TemplateSectionsEditor } from './TemplateSectionsEditor';

const k = 'transcribe.templates';
const CUSTOM = 'custom';

/** The catalogue's document type of a code, or Custom. */
const documentKeyOf = (code: string): string =>
  (Object.keys(DOC_TEMPLATES) as DocTemplateKey[]).find((key) => DOC_TEMPLATES[key].loinc === code) ?? CUSTOM;

/** What the form holds: the template as typed, and whose template a save makes it. */
interface Draft {
  documentCode: string;
  documentTitle: string;
  sections: DraftSection[];
  scope: TemplateScope;
}

/** The template a draft saves: its codes and titles trimmed. */
const templateOf = (d: Draft): DocumentTemplate => ({
  documentCode: d.documentCode.trim(),
  documentTitle: d.documentTitle.trim(),
  sections: d.sections.map(({ code, title, text }) => ({ code: code.trim(), title: title.trim(), text })),
});

export interface WorkTypeTemplateFormProps {
  cfId: number;
  workType: FacilityWorkType;
  structure: string;
  onClose: () => void;
}

/**
 * Reference data ▸ Work types ▸ Template (issue 27): loads the template the facility uses for the
 * work type, then {@link TemplateForm}. Shown in the section's dialog.
 */
export function WorkTypeTemplateForm({ cfId, workType, structure, onClose }: WorkTypeTemplateFormProps) {
  const { t } = useTranslation();
  const current = useQuery({
    queryKey: templateKey(cfId, workType.id),
    queryFn: ({ signal }) => loadWorkTypeTemplate(cfId, workType.id, signal),
    retry: false,
  });
  if (current.isPending) return <Loader size="sm" aria-label={t('jobList.loading')} />;
  if (current.error)
    return (
      <Alert color="red" role="alert">
        {current.error.message || t(`${k}.loadFailed`)}
      </Alert>
    );
  return (
    <TemplateForm
      cfId={cfId}
      workType={workType}
      structure={structure}
      current={current.data}
      onClose={onClose}
    />
  );
}

/**
 * The template's form: whose template the facility uses now (and, for its own override, the
 * button that goes back to the structure's or the default), the document type — one of the C-CDA
 * catalogue's or a custom LOINC code — and the ordered sections. Core's rule checks the draft once
 * Save was pressed; it saves as this facility's override or, for a work type the whole structure
 * shares, as the structure's template.
 */
function TemplateForm({
  cfId,
  workType,
  structure,
  current,
  onClose,
}: WorkTypeTemplateFormProps & { current: WorkTypeTemplate }) {
  const { t } = useTranslation();
  const key = templateKey(cfId, workType.id);
  const number = String(workType.number);
  const { form, submit, formError } = useCheckedForm<Draft>(
    {
      documentCode: current.template.documentCode,
      documentTitle: current.template.documentTitle,
      sections: current.template.sections.map(draftSection),
      scope: 'facility',
    },
    (d) => ({ [WHOLE_FORM]: templateRefusal(templateOf(d)) }),
  );
  const { documentCode, sections, scope } = form.values;
  const save = useReferenceChange(
    key,
    (body: DocumentTemplate & { scope: TemplateScope }) => saveWorkTypeTemplate(cfId, workType.id, body),
    () => t(`${k}.saved`, { number }),
    { onDone: onClose },
  );
  const revert = useReferenceChange(
    key,
    () => deleteWorkTypeTemplate(cfId, workType.id),
    (now) => t(now.origin === 'structure' ? `${k}.reverted` : `${k}.revertedDefault`, { number }),
    { onDone: onClose },
  );
  const documentKey = documentKeyOf(documentCode.trim());
  const origin =
    current.origin === 'facility'
      ? t(`${k}.originFacility`)
      : current.origin === 'structure'
        ? t(`${k}.originStructure`, { structure })
        : t(`${k}.originDefault`, { title: DEFAULT_TEMPLATE.documentTitle });

  return (
    <ReferenceForm
      busy={save.isPending || revert.isPending}
      error={formError ?? save.error?.message ?? revert.error?.message ?? null}
      onClose={onClose}
      onSubmit={submit((d) => save.mutate({ ...templateOf(d), scope: d.scope }))}
    >
      <Paper withBorder p="xs" data-testid="template-origin">
        <Group justify="space-between" gap="sm">
          <Text size="sm">{origin}</Text>
          {current.origin === 'facility' && (
            <Button
              size="compact-sm"
              variant="default"
              loading={revert.isPending}
              onClick={() => revert.mutate()}
            >
              {t(current.inherited === 'structure' ? `${k}.useStructure` : `${k}.useDefault`)}
            </Button>
          )}
        </Group>
      </Paper>
      <Select
        label={t(`${k}.documentType`)}
        description={t(`${k}.documentTypeDescription`)}
        data={[
          ...(Object.keys(DOC_TEMPLATES) as DocTemplateKey[]).map((d) => ({
            value: d,
            label: `${DOC_TEMPLATES[d].title} (${DOC_TEMPLATES[d].loinc})`,
          })),
          { value: CUSTOM, label: t(`${k}.custom`) },
        ]}
        value={documentKey}
        allowDeselect={false}
        onChange={(v) => {
          const d = v && v !== CUSTOM ? DOC_TEMPLATES[v as DocTemplateKey] : undefined;
          form.setValues(d ? { documentCode: d.loinc, documentTitle: d.title } : { documentCode: '' });
        }}
        data-autofocus
      />
      <Group grow align="flex-start">
        <TextInput
          label={t(`${k}.documentCode`)}
          required
          maxLength={16}
          description={catalogueDocument(documentCode.trim())?.loincDisplay}
          {...form.getInputProps('documentCode')}
        />
        <TextInput
          label={t(`${k}.documentTitle`)}
          required
          maxLength={TEMPLATE_LIMITS.maxDocumentTitle}
          {...form.getInputProps('documentTitle')}
        />
      </Group>
      <TemplateSectionsEditor sections={sections} onChange={(next) => form.setFieldValue('sections', next)} />
      {workType.shared && (
        <Stack gap={4}>
          <Radio.Group
            label={t(`${k}.scope`)}
            value={scope}
            onChange={(v) => form.setFieldValue('scope', v as TemplateScope)}
          >
            <Stack gap={4} mt={4}>
              <Radio value="facility" label={t(`${k}.scopeFacility`)} />
              <Radio value="structure" label={t(`${k}.scopeStructure`, { structure })} />
            </Stack>
          </Radio.Group>
          {scope === 'structure' && current.origin === 'facility' && (
            <Text size="sm" c="dimmed">
              {t(`${k}.keepsOverride`)}
            </Text>
          )}
        </Stack>
      )}
    </ReferenceForm>
  );
}
