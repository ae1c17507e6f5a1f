import { ActionIcon, Group, Loader, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { MAX_PHYSICIAN_RESULTS, type Physician } from '@quill/core/contract/job';
import { physicianSearchNames } from '@quill/core/rules/jobEditor/jobOptions';
import { LIMITS } from '@quill/core/rules/settings/constants';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../app/toasts';
import { physicianLabel } from '../physicianName';
import { PhysicianSearchButton } from '../recipients/PhysicianSearchButton';
import { detailsKeys, fetchPhysician, type PhysicianKind, searchPhysicians } from './detailsApi';
import { RemoveIcon } from './icons';
import { PhysicianPopover } from './PhysicianPopover';

/** Spec 02 §9: the physician search dropdown is at most 300 px high. */
const PHYSICIAN_DROPDOWN_HEIGHT = 300;

type NamedPhysician = Pick<
  Physician,
  'userId' | 'prefix' | 'firstName' | 'middleInitial' | 'lastName' | 'suffix' | 'accessCode'
>;

export interface PhysicianSelectProps {
  kind: PhysicianKind;
  label: string;
  /** The client facility whose physicians are searched. */
  facilityId: number;
  /** The chosen physician's user id. */
  value: number | null;
  /** The physician as the job was loaded (names the value without asking the server). */
  loaded: NamedPhysician | null;
  onChange: (userId: number | null) => void;
  disabled: boolean;
  /** Offers a remove button (Dictated For). */
  removeLabel?: string;
}

/**
 * Spec 02 §2/§5: a physician chosen by search. The text is split at the first comma into last and
 * first name and searched 300 ms after the typing stops; empty text searches nothing. At most 300
 * options, in a dropdown at most 300 px high; an info button shows the chosen physician. The
 * search button opens the Physician modal for the same search type (a custom physician only
 * through Confirm and Save).
 */
export function PhysicianSelect(props: PhysicianSelectProps) {
  const { kind, label, facilityId, value, loaded, onChange, disabled, removeLabel } = props;
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<NamedPhysician | null>(null);
  const [text, setText] = useState('');
  const [query] = useDebouncedValue(text, LIMITS.searchDebounceMs);

  const known = chosen?.userId === value ? chosen : loaded?.userId === value ? loaded : null;
  const unknown = useQuery({
    queryKey: detailsKeys.physician(value ?? 0),
    queryFn: ({ signal }) => fetchPhysician(value ?? 0, signal),
    enabled: value !== null && known === null,
    staleTime: 60_000,
  });
  const current = known ?? (unknown.data && unknown.data.userId === value ? unknown.data : null);
  const currentLabel = current ? physicianLabel(current) : '';

  const searching = !disabled && physicianSearchNames(query) !== null && query !== currentLabel;
  const search = useQuery({
    queryKey: detailsKeys.physicians(kind, facilityId, query),
    queryFn: ({ signal }) => searchPhysicians(kind, facilityId, query, signal),
    enabled: searching,
    staleTime: 30_000,
  });
  useEffect(() => {
    if (search.isError)
      showToast(t('job.physicianSearchFailed'), { kind: 'error', id: 'job-physician-search' });
  }, [search.isError, t]);

  const results = searching ? search.data : undefined;
  const data = useMemo(() => {
    const options = (results ?? []).map((p) => ({ value: String(p.userId), label: physicianLabel(p) }));
    if (current && !options.some((o) => o.value === String(current.userId)))
      options.unshift({ value: String(current.userId), label: currentLabel });
    return options;
  }, [results, current, currentLabel]);

  const pending = searching && (text !== query || search.isFetching);
  const pick = (picked: string | null) => {
    if (picked === null) {
      onChange(null);
      return;
    }
    const physician = results?.find((p) => String(p.userId) === picked);
    if (physician) setChosen(physician);
    onChange(Number(picked));
  };

  return (
    <Group gap={4} align="flex-end" wrap="nowrap">
      <Select
        label={label}
        style={{ flex: 1 }}
        placeholder={t('jobDetails.physicianPlaceholder')}
        data={data}
        value={value === null ? null : String(value)}
        onChange={pick}
        searchable
        searchValue={text}
        onSearchChange={setText}
        filter={({ options }) => options}
        limit={MAX_PHYSICIAN_RESULTS}
        maxDropdownHeight={PHYSICIAN_DROPDOWN_HEIGHT}
        nothingFoundMessage={
          physicianSearchNames(text) === null
            ? undefined
            : pending
              ? t('jobDetails.searchingPhysicians')
              : t('jobDetails.noPhysicianMatches')
        }
        rightSection={pending ? <Loader size={14} /> : undefined}
        disabled={disabled}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
      />
      <PhysicianSearchButton
        searchFor={kind === 'DICTATOR' ? 'dictator' : 'dictatedFor'}
        label={t('physicianModal.titleSearch', {
          type: t(kind === 'DICTATOR' ? 'physicianModal.types.dictator' : 'physicianModal.types.dictatedFor'),
        })}
        current={current}
        disabled={disabled}
        mb={4}
        onPicked={(physician) => {
          setChosen(physician);
          onChange(physician.userId);
        }}
      />
      {value !== null && <PhysicianPopover userId={value} name={currentLabel || label} />}
      {removeLabel && (
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={removeLabel}
          disabled={disabled || value === null}
          onClick={() => onChange(null)}
          mb={4}
        >
          <RemoveIcon size={16} />
        </ActionIcon>
      )}
    </Group>
  );
}
