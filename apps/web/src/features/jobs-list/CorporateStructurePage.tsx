import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../app/useDocumentTitle';
import { CorporateStructureDialog } from './CorporateStructureDialog';
import { writeStoredCorporateStructure } from './jobListStorage';
import { useCorporateStructures } from './useCorporateStructures';

/** /jobs: the corporate-structure chooser (spec 01 §2). Choosing opens that structure's list. */
export function CorporateStructurePage() {
  const { t } = useTranslation();
  useDocumentTitle(t('jobList.title'));
  const navigate = useNavigate();
  const structures = useCorporateStructures();
  const choose = (cs: string) => {
    writeStoredCorporateStructure(cs);
    void navigate({ to: '/jobs/$cs', params: { cs } });
  };
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
