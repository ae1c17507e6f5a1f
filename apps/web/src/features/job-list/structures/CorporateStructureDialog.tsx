import { Alert, Button, Group, Loader, Modal, Select, Stack, Text } from '@mantine/core';
import type { CorporateStructure } from '@quill/core/contract/jobList';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface CorporateStructureDialogProps {
  structures: CorporateStructure[] | undefined;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  onChoose: (cs: string) => void;
}

/**
 * Spec 01 §2 "Corporate structure dialog": titled 'Select a Corporate Structure', a searchable
 * dropdown and Continue; Enter confirms; it cannot be closed without choosing; a single option is
 * selected already.
 */
export function CorporateStructureDialog({
  structures,
  loading,
  failed,
  onRetry,
  onChoose,
}: CorporateStructureDialogProps) {
  const { t } = useTranslation();
  const [picked, setPicked] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const only = structures?.length === 1 ? String(structures[0]!.id) : null;
  const value = picked ?? only;
  // Enter confirms what the search names when it names one structure alone ("Meri" + Enter), as
  // well as a picked one; the dropdown's own filter is the same case-insensitive "contains".
  const chosen = typedChoice(structures, search, value) ?? value;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (chosen) onChoose(chosen);
  };
  return (
    <Modal
      opened
      onClose={() => {}}
      withCloseButton={false}
      closeOnEscape={false}
      closeOnClickOutside={false}
      centered
      size="md"
      title={t('jobList.corporateStructure.dialogTitle')}
      styles={{ title: { fontWeight: 700, fontSize: 18 } }}
    >
      <form onSubmit={submit}>
        <Stack gap="md">
          {loading && (
            <Group gap="sm" role="status">
              <Loader size="sm" aria-hidden="true" />
              <Text size="sm">{t('jobList.corporateStructure.loading')}</Text>
            </Group>
          )}
          {failed && (
            <Alert color="red" variant="light" role="alert">
              <Group justify="space-between" gap="sm">
                <Text size="sm" c="gray.9">
                  {t('jobList.corporateStructure.loadFailed')}
                </Text>
                <Button size="compact-sm" variant="default" onClick={onRetry}>
                  {t('jobList.retry')}
                </Button>
              </Group>
            </Alert>
          )}
          {structures && structures.length === 0 && (
            <Text size="sm" role="status">
              {t('jobList.corporateStructure.none')}
            </Text>
          )}
          {structures && structures.length > 0 && (
            <Select
              data-autofocus
              label={t('jobList.corporateStructure.label')}
              placeholder={t('jobList.corporateStructure.placeholder')}
              data={structures.map((s) => ({ value: String(s.id), label: s.companyNameId }))}
              value={value}
              onChange={setPicked}
              searchValue={search}
              onSearchChange={setSearch}
              searchable
              nothingFoundMessage={t('jobList.corporateStructure.nothingFound')}
              comboboxProps={{ withinPortal: true }}
              allowDeselect={false}
              maxDropdownHeight={280}
            />
          )}
          <Group justify="flex-end">
            <Button type="submit" disabled={!chosen}>
              {t('jobList.corporateStructure.continue')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * The structure a typed search stands for: when the search is not the picked structure's own label,
 * the one structure whose label contains it (ignoring case), else none; undefined when nothing new
 * is typed (the picked value stands).
 */
function typedChoice(
  structures: CorporateStructure[] | undefined,
  search: string,
  value: string | null,
): string | null | undefined {
  const typed = search.trim().toLowerCase();
  const pickedLabel = structures?.find((s) => String(s.id) === value)?.companyNameId;
  if (!typed || search === pickedLabel) return undefined;
  const matches = (structures ?? []).filter((s) => s.companyNameId.toLowerCase().includes(typed));
  return matches.length === 1 ? String(matches[0]!.id) : null;
}
