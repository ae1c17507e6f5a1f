import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import classes from './Signing.module.css';
import { fetchSignatures, signingKeys } from './signingApi';

/**
 * A job's signatures (issue 43), as the signer reads before signing: who signed, as what, when
 * (in the facility's zone), on behalf and voided ones marked. Nothing shown until there are some.
 */
export function JobSignatures({ jobId }: { jobId: number }) {
  const { t } = useTranslation();
  const signatures = useQuery({
    queryKey: signingKeys.signatures(jobId),
    queryFn: ({ signal }) => fetchSignatures(jobId, signal),
    retry: false,
  });
  if (!signatures.data || signatures.data.length === 0) return null;
  return (
    <section aria-label={t('toSign.view.signatures')}>
      <Text fw={600} size="sm">
        {t('toSign.view.signatures')}
      </Text>
      <ul className={classes.signatures}>
        {signatures.data.map((s) => (
          <li key={`${s.meaning}-${s.signedAt}`}>
            <Text size="sm" td={s.voided ? 'line-through' : undefined} component="span">
              {t('toSign.view.signatureLine', {
                meaning: t(`toSign.meaning.${s.meaning}`),
                signer: s.signer,
                signedAt: s.formattedSignedAt,
              })}
            </Text>
            {s.onBehalf && <Text size="sm" component="span">{` (${t('toSign.view.onBehalf')})`}</Text>}
            {s.voided && <Text size="sm" component="span">{` (${t('toSign.view.voided')})`}</Text>}
          </li>
        ))}
      </ul>
    </section>
  );
}
