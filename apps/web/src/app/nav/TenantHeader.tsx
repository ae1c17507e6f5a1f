import { useTranslation } from 'react-i18next';
import classes from './TopNav.module.css';

/**
 * Spec 01 §2 / spec 02 §2: a route with the isTenant flag (the external tenant edit mode) shows a
 * simple header titled 'Edit Job' instead of the top navigation.
 */
export function TenantHeader() {
  const { t } = useTranslation();
  return (
    <header className={classes.header}>
      <div className={classes.bar}>
        <span className={classes.brand}>{t('nav.tenantEditTitle')}</span>
      </div>
    </header>
  );
}
