import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import classes from './Users.module.css';

/** A users page the account may not use (the server refuses its calls too). */
export function NotPermitted() {
  const { t } = useTranslation();
  return (
    <main className={classes.page}>
      <Alert color="red" role="alert">
        {t('errors.forbiddenMessage')}
      </Alert>
    </main>
  );
}
