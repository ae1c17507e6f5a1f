import { Combobox, Loader, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { FaxRecipient } from '@quill/core/contract/fax';
import { LIMITS } from '@quill/core/rules/settings/constants';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchIcon } from '../table/icons';
import { searchRecipients } from './bulkApi';
import { entryOf, type FaxEntry } from './faxRecipients';

export interface FaxRecipientSearchProps {
  csId: string;
  onPick: (entry: FaxEntry) => void;
}

/**
 * Spec 01 §9: the recipient search (Dictators?q&csid), 300 ms after the typing stops; it lists 3
 * users, then 'and N other users'. Users with an invalid fax number are shown but cannot be picked.
 */
export function FaxRecipientSearch({ csId, onPick }: FaxRecipientSearchProps) {
  const { t } = useTranslation();
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [text, setText] = useState('');
  const [query] = useDebouncedValue(text.trim(), LIMITS.searchDebounceMs);
  const search = useQuery({
    queryKey: ['jobList', 'faxSearch', csId, query],
    queryFn: ({ signal }) => searchRecipients(query, csId, signal),
    enabled: query !== '',
    staleTime: 30_000,
  });

  const results = (search.data ?? []).map((r: FaxRecipient) => entryOf(r, 'user'));
  const shown = results.slice(0, LIMITS.faxSearchShown);
  const others = results.length - shown.length;
  const pending = text.trim() !== query || search.isFetching;

  const pick = (key: string) => {
    const entry = shown.find((e) => e.key === key);
    if (!entry?.valid) return;
    onPick(entry);
    setText('');
    combobox.closeDropdown();
  };

  return (
    <Combobox store={combobox} onOptionSubmit={pick}>
      <Combobox.Target>
        <TextInput
          label={t('fax.search')}
          placeholder={t('fax.searchPlaceholder')}
          leftSection={<SearchIcon size={14} />}
          rightSection={pending && query !== '' ? <Loader size={14} /> : null}
          value={text}
          onChange={(e) => {
            setText(e.currentTarget.value);
            combobox.openDropdown();
            combobox.updateSelectedOptionIndex();
          }}
          onFocus={() => combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
          data-testid="fax-search"
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={text.trim() === ''}>
        <Combobox.Options aria-label={t('fax.search')}>
          {search.isError ? (
            <Combobox.Empty>{t('fax.searchFailed')}</Combobox.Empty>
          ) : shown.length === 0 ? (
            <Combobox.Empty>{pending ? t('fax.searching') : t('fax.noMatches')}</Combobox.Empty>
          ) : (
            shown.map((e) => (
              <Combobox.Option value={e.key} key={e.key} disabled={!e.valid}>
                <Text size="sm" fw={600}>
                  {e.recipient.name}
                </Text>
                <Text size="xs" c={e.valid ? 'dimmed' : 'red.8'}>
                  {e.valid
                    ? e.recipient.faxNumber
                    : e.recipient.faxNumber.trim()
                      ? `${t('fax.invalid')}: ${e.recipient.faxNumber}`
                      : t('fax.noFaxNumber')}
                </Text>
              </Combobox.Option>
            ))
          )}
        </Combobox.Options>
        {others > 0 && (
          <Combobox.Footer>
            <Text size="xs" c="dimmed">
              {t('fax.otherUsers', { count: others })}
            </Text>
          </Combobox.Footer>
        )}
      </Combobox.Dropdown>
    </Combobox>
  );
}
