import { useDebouncedValue } from '@mantine/hooks';
import { MAX_PHYSICIAN_RESULTS, type Physician } from '@quill/core/contract/job';
import type { PhysicianDetailField, PhysicianDetails } from '@quill/core/contract/physician';
import { enUS } from '@quill/core/i18n/enUS';
import { convertToCustom } from '@quill/core/rules/recipients/recipients';
import { LIMITS } from '@quill/core/rules/settings/constants';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../app/toasts';
import { serverMessage } from '../serverMessage';
import {
  type PhysicianRole,
  physicianModalKeys,
  SEARCH_TYPE_OF,
  savePhysician,
  searchPhysiciansByText,
} from './physicianApi';
import {
  type DetailForm,
  detailsOf,
  formErrors,
  formOf,
  hasLastName,
  physicianOf,
  savedName,
} from './physicianDetails';
import type { PhysicianScope } from './physicianScope';

/** What the modal shows: the search alone, a physician chosen from it, or a custom physician. */
export type PhysicianModalMode = 'search' | 'selected' | 'custom';

/** What Confirm hands back: a directory physician, or a custom one's details. */
export type PhysicianChoice =
  | { kind: 'directory'; physician: Physician }
  | { kind: 'custom'; details: PhysicianDetails };

/** What the Physician modal is opened with (PhysicianModal's props, but `opened`). */
export interface PhysicianModalOptions {
  onClose: () => void;
  /** Who is looked for: the title's type and the search type. */
  searchFor: PhysicianRole;
  /** The current physician, pinned on top of the results. */
  pinned?: Physician | null;
  /** Confirm takes a custom physician (a recipient); elsewhere only Confirm and Save makes one usable. */
  customAllowed: boolean;
  /** Opens on these custom details (editing a custom recipient). */
  initialCustom?: PhysicianDetails;
  /** Confirm's choice; answers whether it was taken (false keeps the modal open, e.g. 'Recipient already added'). */
  onConfirm: (choice: PhysicianChoice) => boolean;
}

type Options = PhysicianModalOptions & { scope: PhysicianScope };

/**
 * The Physician modal's state (spec 02 §2, §4, §5, §8): the search (300 ms after typing stops,
 * none for empty text), the chosen physician, the custom physician's form (Add Custom, Convert to
 * custom, Clear all fields), Confirm, and Confirm and Save (SavePhysician) with its messages.
 */
export function usePhysicianModal({
  searchFor,
  pinned,
  customAllowed,
  initialCustom,
  onConfirm,
  scope,
  onClose,
}: Options) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [mode, setMode] = useState<PhysicianModalMode>(initialCustom ? 'custom' : 'search');
  const [selected, setSelected] = useState<Physician | null>(null);
  const [form, setForm] = useState<DetailForm>(() => formOf(initialCustom ?? {}));
  const [text, setText] = useState('');
  const [query] = useDebouncedValue(text.trim(), LIMITS.searchDebounceMs);
  const searchType = SEARCH_TYPE_OF[searchFor];

  const search = useQuery({
    queryKey: physicianModalKeys.search(searchType, scope.facilityId, query),
    queryFn: ({ signal }) => searchPhysiciansByText(searchType, scope.facilityId, query, signal),
    enabled: query !== '',
    staleTime: 30_000,
  });
  useEffect(() => {
    if (search.isError)
      showToast(t('job.physicianSearchFailed'), { kind: 'error', id: 'physician-modal-search' });
  }, [search.isError, t]);
  const results = useMemo(() => {
    // Spec 02 §9: the list holds at most 300 options, the pinned one among them.
    const found = query === '' ? [] : (search.data ?? []);
    if (!pinned) return found.slice(0, MAX_PHYSICIAN_RESULTS);
    return found.filter((p) => p.userId !== pinned.userId).slice(0, MAX_PHYSICIAN_RESULTS - 1);
  }, [query, search.data, pinned]);

  const finish = (choice: PhysicianChoice) => {
    if (onConfirm(choice)) onClose();
  };
  const save = useMutation({
    mutationFn: (details: PhysicianDetails) =>
      savePhysician({
        clientFacilityId: scope.facilityId,
        jobId: scope.jobId,
        physicianSearchType: searchType,
        physician: { ...details, lastName: details.lastName ?? '' },
      }),
    onSuccess: ({ userId }, details) => {
      showToast(t('physicianModal.saved', { name: savedName(details) }), { kind: 'success' });
      void client.invalidateQueries({ queryKey: physicianModalKeys.all });
      finish({ kind: 'directory', physician: physicianOf(details, userId) });
    },
    onError: (error) => {
      if (serverMessage(error) === enUS.recipients.duplicateAccessCode)
        showToast(t('physicianModal.duplicate'), { kind: 'warning' });
      else showToast(t('physicianModal.saveFailed'), { kind: 'error' });
    },
  });

  const errors = useMemo(() => formErrors(form), [form]);
  const custom = mode === 'custom';
  const formValid = hasLastName(form) && Object.keys(errors).length === 0;
  const typeLabel = t(`physicianModal.types.${searchFor}`);
  const titleKey = custom ? 'titleCustom' : mode === 'selected' ? 'titleSelected' : 'titleSearch';

  return {
    title: t(`physicianModal.${titleKey}`, { type: typeLabel }),
    mode,
    text,
    setText,
    searching: query !== '' && (text.trim() !== query || search.isFetching),
    searched: query !== '' && search.isSuccess && text.trim() === query,
    results,
    selected,
    form,
    errors,
    /** Whether Confirm is enabled: a chosen physician, or a custom one with a last name (when allowed). */
    canConfirm: mode === 'selected' ? selected !== null : custom && customAllowed && formValid,
    canConfirmAndSave: custom && formValid && !save.isPending,
    saving: save.isPending,
    choose: (p: Physician) => {
      setSelected(p);
      setForm(formOf(p));
      setMode('selected');
    },
    setField: (field: PhysicianDetailField, value: string) => setForm((f) => ({ ...f, [field]: value })),
    addCustom: () => {
      setSelected(null);
      setForm(formOf());
      setMode('custom');
    },
    convert: () => {
      if (!selected) return;
      setForm(formOf(convertToCustom(selected)));
      setSelected(null);
      setMode('custom');
    },
    clearAll: () => {
      setText('');
      setSelected(null);
      setForm(formOf());
      setMode(custom ? 'custom' : 'search');
    },
    confirm: () => {
      if (mode === 'selected' && selected) finish({ kind: 'directory', physician: selected });
      else if (custom) finish({ kind: 'custom', details: detailsOf(form, false) });
    },
    confirmAndSave: () => save.mutate(detailsOf(form, true)),
  };
}

export type PhysicianModalState = ReturnType<typeof usePhysicianModal>;
