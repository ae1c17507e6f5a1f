import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import classes from './JobList.module.css';

/**
 * The chosen corporate structure, and Change (spec 01 §2), which returns to the chooser; Change is
 * left out when the account has only this structure (the chooser would come straight back).
 */
export function JobListHeader({
  name,
  onChange,
  canChange = true,
}: {
  name: string | undefined;
  onChange: () => void;
  canChange?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <header className={classes.header}>
      <div className={classes.structure}>
        <span className={classes.structureLabel}>{t('jobList.corporateStructure.label')}</span>
        <h1 className={classes.structureName} data-testid="corporate-structure-name">
          {name ?? '\u00a0'}
        </h1>
      </div>
      {canChange && (
        <Button
          variant="default"
          size="xs"
          onClick={onChange}
          aria-label={t('jobList.corporateStructure.changeLabel')}
        >
          {t('jobList.corporateStructure.change')}
        </Button>
      )}
    </header>
  );
}
