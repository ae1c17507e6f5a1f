import { Button, Group, Loader, Select, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { PHYSICIAN_DIRECTORY_LIMITS } from '@quill/core/rules/recipients/physicianDirectory';
import { LIMITS } from '@quill/core/rules/settings/constants';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadLinkChoices } from './physiciansApi';

/** A linked physician as the Users page shows it. */
export interface PhysicianLink {
  id: number;
  name: string;
}

/**
 * The physician a dictator account is linked to (issue 26, Users page): the enabled physicians of
 * the account's company are searched by name ("Last, First") 300 ms after the typing stops, one is
 * picked, and the link can be cleared. The link itself is said in words beside the field.
 */
export function PhysicianLinkSelect({
  companyId,
  value,
  onChange,
  label,
}: {
  companyId: number;
  value: PhysicianLink | null;
  onChange: (link: PhysicianLink | null) => void;
  label: string;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(value?.name ?? '');
  const [debounced] = useDebouncedValue(text, LIMITS.searchDebounceMs);
  const query = debounced.trim();
  const searching = query.length > 0 && debounced !== value?.name;
  const search = useQuery({
    queryKey: ['reference', 'physicianChoices', companyId, query],
    queryFn: ({ signal }) => loadLinkChoices(companyId, query, signal),
    enabled: searching,
    staleTime: 30_000,
    retry: false,
  });
  const results = searching ? search.data : undefined;
  const data = useMemo(() => {
    const options = (results ?? []).map((c) => ({
      value: String(c.id),
      label: c.accessCode ? `${c.name} (${c.accessCode})` : c.name,
    }));
    if (value && !options.some((o) => o.value === String(value.id)))
      options.unshift({ value: String(value.id), label: value.name });
    return options;
  }, [results, value]);
  const pending = searching && (text !== debounced || search.isFetching);

  return (
    <Group align="flex-end" gap="xs">
      <Select
        label={label}
        data={data}
        value={value ? String(value.id) : null}
        onChange={(picked) => {
          const choice = results?.find((c) => String(c.id) === picked);
          if (choice) onChange({ id: choice.id, name: choice.name });
        }}
        searchable
        searchValue={text}
        onSearchChange={setText}
        filter={({ options }) => options}
        limit={PHYSICIAN_DIRECTORY_LIMITS.linkChoicesMax}
        nothingFoundMessage={
          text.trim().length === 0
            ? undefined
            : pending
              ? t('physicianModal.searching')
              : t('users.physicianNoMatches')
        }
        rightSection={pending ? <Loader size={14} aria-hidden="true" /> : undefined}
        error={searching && search.isError ? search.error.message : undefined}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
        miw={280}
      />
      <Text size="sm" mb={6} aria-live="polite">
        {value ? t('users.physicianLinked', { name: value.name }) : t('users.physicianNone')}
      </Text>
      {value && (
        <Button
          variant="subtle"
          size="xs"
          mb={4}
          onClick={() => {
            setText('');
            onChange(null);
          }}
        >
          {t('users.physicianClear')}
        </Button>
      )}
    </Group>
  );
}
