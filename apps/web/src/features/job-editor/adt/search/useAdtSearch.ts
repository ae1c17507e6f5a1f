import type { AdtSearchConfiguration, AdtSearchResult, JobAdt } from '@quill/core/contract/adt/adt';
import type { AdtSelection } from '@quill/core/rules/adt/adtValues';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../../app/toasts';
import { serverMessage } from '../../serverMessage';
import { acceptAdt, searchAdt } from './adtSearchApi';
import {
  type AdtSearch,
  type AdtSearchValues,
  acceptChoice,
  canSearch,
  chosenRecords,
  NO_SELECTION,
  searchRequest,
} from './adtSearchForm';

/** What the modal's component needs from its state. */
export interface AdtSearchState {
  search: AdtSearch | undefined;
  chooseSearch(identifier: string): void;
  values: AdtSearchValues;
  setValue(key: string, value: string): void;
  canSearch: boolean;
  runSearch(): void;
  searching: boolean;
  /** Null before the first search. */
  result: AdtSearchResult | null;
  selection: AdtSelection;
  select(change: (selection: AdtSelection) => AdtSelection): void;
  accept(): void;
  accepting: boolean;
  /** The failure shown inline: the spec's text and, for a refused call, the server's reason. */
  failure: { message: string; detail: string | undefined } | null;
  /** Forgets the search, results, choice and failure (after an accept). */
  reset(): void;
}

export interface AdtSearchIds {
  jobId: number;
  companyId: number;
  bookingCookie: string;
}

/**
 * The Search & Accept ADT modal's state and calls (spec 02 §4 "ADT search modal", §8): a new
 * search clears the choice; a failure shows the spec's text as a toast and inline.
 */
export function useAdtSearch(
  ids: AdtSearchIds,
  configuration: AdtSearchConfiguration,
  onAccepted: (adt: JobAdt) => void,
): AdtSearchState {
  const { t } = useTranslation();
  const first = configuration.availableSearch[0]?.identifier ?? '';
  const [identifier, setIdentifier] = useState(first);
  const [values, setValues] = useState<AdtSearchValues>({});
  const [result, setResult] = useState<AdtSearchResult | null>(null);
  const [selection, setSelection] = useState<AdtSelection>(NO_SELECTION);
  const [failure, setFailure] = useState<AdtSearchState['failure']>(null);
  const search = configuration.availableSearch.find((s) => s.identifier === identifier);

  const fail = (message: string, error: unknown) => {
    showToast(message, { kind: 'error' });
    setFailure({ message, detail: serverMessage(error) });
  };

  const searchCall = useMutation({
    mutationFn: searchAdt,
    onSuccess: (answer) => setResult(answer),
    onError: (error) => fail(t('adt.searchFailed'), error),
  });
  const acceptCall = useMutation({
    mutationFn: acceptAdt,
    onSuccess: (answer) => {
      reset();
      onAccepted(answer);
    },
    onError: (error) => fail(t('adt.acceptFailed'), error),
  });

  const reset = () => {
    setIdentifier(first);
    setValues({});
    setResult(null);
    setSelection(NO_SELECTION);
    setFailure(null);
  };
  const searchable = canSearch(search, values);
  const busy = searchCall.isPending || acceptCall.isPending;

  return {
    search,
    chooseSearch: (next) => {
      // Each search has its own fields: values typed for another one do not carry over.
      setIdentifier(next);
      setValues({});
    },
    values,
    setValue: (key, value) => setValues((old) => ({ ...old, [key]: value })),
    canSearch: searchable,
    runSearch: () => {
      if (!search || !searchable || busy) return;
      setSelection(NO_SELECTION);
      setFailure(null);
      searchCall.mutate(searchRequest(search, values, { jobId: ids.jobId, companyId: ids.companyId }));
    },
    searching: searchCall.isPending,
    result,
    selection,
    select: (change) => setSelection(change),
    accept: () => {
      const choice = acceptChoice(selection, chosenRecords(result, selection).visit);
      if (!choice || busy) return;
      setFailure(null);
      acceptCall.mutate({ ...ids, adtSearchResult: choice });
    },
    accepting: acceptCall.isPending,
    failure,
    reset,
  };
}
