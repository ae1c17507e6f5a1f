import { Loader, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type Company, SCHEDULE_LIMITS } from '@quill/core/contract/schedule';
import { LIMITS } from '@quill/core/rules/settings/constants';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCompanySearch } from './scheduleUploadApi';

/** Spec 02 §9: the company search dropdown is at most 200 px high. */
const COMPANY_DROPDOWN_HEIGHT = 200;

export interface CompanySelectProps {
  value: Company | null;
  onChange: (company: Company | null) => void;
  disabled: boolean;
}

/**
 * Spec 02 §2 step 1: the client facility, found by name or id. The text is searched 300 ms after
 * the typing stops (POST /api/company/searchbynameorid/{text}); the options read as the server's
 * displayValue, in a dropdown at most 200 px high.
 */
export function CompanySelect({ value, onChange, disabled }: CompanySelectProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(value?.displayValue ?? '');
  const [debounced] = useDebouncedValue(text, LIMITS.searchDebounceMs);
  const query = debounced.trim();
  const searching = !disabled && query.length > 0 && debounced !== value?.displayValue;
  const search = useCompanySearch(query, searching);
  const results = searching ? search.data : undefined;

  const data = useMemo(() => {
    const options = (results ?? []).map((c) => ({ value: String(c.id), label: c.displayValue }));
    if (value && !options.some((o) => o.value === String(value.id)))
      options.unshift({ value: String(value.id), label: value.displayValue });
    return options;
  }, [results, value]);

  const pending = searching && (text !== debounced || search.isFetching);
  const pick = (picked: string | null) => {
    if (picked === null) {
      onChange(null);
      return;
    }
    const company =
      results?.find((c) => String(c.id) === picked) ?? (value?.id === Number(picked) ? value : null);
    onChange(company);
  };

  return (
    <Select
      data-field="company"
      label={t('schedule.facility')}
      placeholder={t('schedule.facilityPlaceholder')}
      data={data}
      value={value ? String(value.id) : null}
      onChange={pick}
      searchable
      searchValue={text}
      onSearchChange={setText}
      filter={({ options }) => options}
      limit={SCHEDULE_LIMITS.companySearchLimit}
      maxDropdownHeight={COMPANY_DROPDOWN_HEIGHT}
      nothingFoundMessage={
        text.trim().length === 0
          ? undefined
          : pending
            ? t('schedule.searching')
            : t('schedule.facilityNothingFound')
      }
      rightSection={pending ? <Loader size={14} aria-hidden="true" /> : undefined}
      error={searching && search.isError ? t('schedule.facilitySearchFailed') : undefined}
      withAsterisk
      allowDeselect={false}
      disabled={disabled}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
