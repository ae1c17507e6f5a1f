import { useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../../app/useDocumentTitle';
import { writeStoredCorporateStructure } from '../view/jobListStorage';
import { CorporateStructureDialog } from './CorporateStructureDialog';
import { useCorporateStructures } from './useCorporateStructures';

/**
 * /jobs: the corporate-structure chooser (spec 01 §2). Choosing opens that structure's list. An
 * account with a single structure has nothing to choose: "a single option is auto-selected" goes
 * on to its list at once, instead of waiting for Continue at every sign-in.
 */
export function CorporateStructurePage() {
  const { t } = useTranslation();
  useDocumentTitle(t('jobList.title'));
  const navigate = useNavigate();
  const structures = useCorporateStructures();
  const choose = useCallback(
    (cs: string, replace = false) => {
      writeStoredCorporateStructure(cs);
      void navigate({ to: '/jobs/$cs', params: { cs }, replace });
    },
    [navigate],
  );
  const only = structures.data?.length === 1 ? String(structures.data[0]!.id) : null;
  useEffect(() => {
    if (only) choose(only, true);
  }, [only, choose]);
  if (only) return null;
  return (
    <CorporateStructureDialog
      structures={structures.data}
      loading={structures.isPending}
      failed={structures.isError}
      onRetry={() => void structures.refetch()}
      onChoose={choose}
    />
  );
}
