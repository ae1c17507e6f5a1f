import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Spec 01 §2: page titles read '<title> - <application name>'. */
export function useDocumentTitle(title: string): void {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = t('app.pageTitle', { title, appName: t('app.name') });
  }, [t, title]);
}
