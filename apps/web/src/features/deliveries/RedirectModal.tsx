import { Alert, Group, Modal, NativeSelect, Radio, Stack, Text, TextInput } from '@mantine/core';
import type { Delivery, DeliveryMethod } from '@quill/core/contract/delivery';
import { DeliveryMethodSchema } from '@quill/core/contract/delivery';
import { isValidFaxNumber } from '@quill/core/rules/recipients/faxNumber';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../app/toasts';
import { fetchContacts } from '../job-list/bulk/bulkApi';
import { DialogButtons } from '../signing/DialogButtons';
import { deliveryKeys, redirectDelivery } from './deliveryApi';
import { refusalText } from './deliveryCalls';

export interface RedirectModalProps {
  jobId: number;
  /** The failed delivery to redirect; null: the dialog is closed. */
  delivery: Delivery | null;
  onClose: () => void;
}

/**
 * Redirect (issue 43): a failed delivery goes to another of the job's recipients, by another
 * method, or to a fax number typed here (a corrected one). A refusal stays open with its words.
 */
export function RedirectModal({ jobId, delivery, onClose }: RedirectModalProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={delivery !== null} onClose={onClose} title={t('deliveries.redirectDialog.title')} centered>
      {delivery && <RedirectForm jobId={jobId} delivery={delivery} onClose={onClose} />}
    </Modal>
  );
}

const SAME = 'same';

function RedirectForm({
  jobId,
  delivery,
  onClose,
}: {
  jobId: number;
  delivery: Delivery;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const contacts = useQuery({
    queryKey: ['fax-contacts', jobId],
    queryFn: ({ signal }) => fetchContacts(jobId, signal),
    retry: false,
  });
  const [recipient, setRecipient] = useState(SAME);
  const [method, setMethod] = useState<DeliveryMethod>(delivery.method);
  const [faxNumber, setFaxNumber] = useState('');
  const [faxError, setFaxError] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const methodLabel = t(`deliveries.methods.${delivery.method}`);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const typed = method === 'fax' ? faxNumber.trim() : '';
    if (typed && !isValidFaxNumber(typed)) {
      setFaxError(t('deliveries.redirectDialog.faxNumberInvalid'));
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      await redirectDelivery({
        deliveryId: delivery.id,
        method,
        recipientId: recipient === SAME ? null : Number(recipient),
        ...(typed ? { faxNumber: typed } : {}),
      });
      showToast(t('deliveries.redirectDialog.redirected'), { kind: 'success' });
      void client.invalidateQueries({ queryKey: deliveryKeys.all });
      onClose();
    } catch (error) {
      setProblem(refusalText(error, t('deliveries.redirectDialog.failed')));
    } finally {
      setBusy(false);
    }
  };

  const options = [
    { value: SAME, label: t('deliveries.redirectDialog.sameRecipient', { name: delivery.recipientName }) },
    // The delivery's own recipient is the first option already.
    ...(contacts.data ?? [])
      .filter((c) => c.id !== null && c.id !== delivery.recipientId)
      .map((c) => ({ value: String(c.id), label: c.faxNumber ? `${c.name} (${c.faxNumber})` : c.name })),
  ];
  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack gap="md">
        <Text size="sm">
          {delivery.lastError
            ? t('deliveries.redirectDialog.lead', {
                method: methodLabel,
                recipient: delivery.recipientName,
                error: delivery.lastError,
              })
            : t('deliveries.redirectDialog.leadNoError', {
                method: methodLabel,
                recipient: delivery.recipientName,
              })}
        </Text>
        <NativeSelect
          data-autofocus
          label={t('deliveries.redirectDialog.recipient')}
          data={options}
          value={recipient}
          onChange={(e) => setRecipient(e.currentTarget.value)}
        />
        {contacts.isError && (
          <Text size="sm" c="red.9" role="alert">
            {t('deliveries.redirectDialog.contactsFailed')}
          </Text>
        )}
        <Radio.Group
          label={t('deliveries.redirectDialog.method')}
          value={method}
          onChange={(value) => setMethod(DeliveryMethodSchema.parse(value))}
        >
          <Group gap="md" mt={4}>
            {DeliveryMethodSchema.options.map((m) => (
              <Radio key={m} value={m} label={t(`deliveries.methods.${m}`)} />
            ))}
          </Group>
        </Radio.Group>
        {method === 'fax' && (
          <TextInput
            label={t('deliveries.redirectDialog.faxNumber')}
            description={t('deliveries.redirectDialog.faxNumberHint')}
            value={faxNumber}
            maxLength={40}
            inputMode="tel"
            onChange={(e) => {
              setFaxNumber(e.currentTarget.value);
              setFaxError(null);
            }}
            error={faxError ?? undefined}
          />
        )}
        {problem && (
          <Alert color="red" role="alert" data-testid="redirect-problem">
            {problem}
          </Alert>
        )}
        <DialogButtons
          cancel={t('deliveries.redirectDialog.cancel')}
          submit={t('deliveries.redirectDialog.submit')}
          busy={busy}
          onCancel={onClose}
        />
      </Stack>
    </form>
  );
}
