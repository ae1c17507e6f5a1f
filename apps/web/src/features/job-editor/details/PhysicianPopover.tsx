import { ActionIcon, Badge, Group, Loader, Popover, Stack, Text } from '@mantine/core';
import type { Physician } from '@quill/core/contract/job';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../app/toasts';
import { physicianName } from '../physicianName';
import { detailsKeys, fetchPhysician } from './detailsApi';
import { InfoIcon } from './icons';

/** The address of a physician as one line (lines 1 to 4), empty when none is known. */
function addressOf(p: Physician): string {
  return [p.addressLine1, p.addressLine2, p.addressLine3, p.addressLine4]
    .map((line) => line?.trim())
    .filter(Boolean)
    .join(', ');
}

/**
 * Spec 02 §2 "Physician popover": display name ('The Patient' for a patient), access code, address,
 * zip code, country, email and fax, or 'There is no data for this physician'; badges 'Secure
 * Messaging Enabled' and 'Recipient Module Physician'.
 */
export function PhysicianDetails({
  physician,
  isPatient = false,
}: {
  physician: Physician;
  isPatient?: boolean;
}) {
  const { t } = useTranslation();
  const facts: [string, string][] = (
    [
      [t('jobDetails.accessCode'), physician.accessCode ?? ''],
      [t('jobDetails.address'), addressOf(physician)],
      [t('jobDetails.zipCode'), physician.postalCode ?? ''],
      [t('jobDetails.country'), physician.country ?? ''],
      [t('jobDetails.email'), physician.email ?? ''],
      [t('jobDetails.fax'), physician.fax ?? ''],
    ] as [string, string][]
  ).filter(([, value]) => value.trim() !== '');
  const recipientModule = physician.recipientProviderIdSpecified && !!physician.recipientProviderId;
  return (
    <Stack gap={4} maw={320}>
      <Text fw={600} size="sm">
        {isPatient ? t('jobDetails.thePatient') : physicianName(physician)}
      </Text>
      {facts.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('jobDetails.noPhysicianData')}
        </Text>
      ) : (
        <dl style={{ margin: 0 }}>
          {facts.map(([label, value]) => (
            <Group key={label} gap={6} wrap="nowrap" align="baseline">
              <Text component="dt" size="xs" c="dimmed" miw={80}>
                {label}
              </Text>
              <Text component="dd" size="sm" m={0}>
                {value}
              </Text>
            </Group>
          ))}
        </dl>
      )}
      {(physician.secureMessagingEnabled || recipientModule) && (
        <Group gap={4}>
          {physician.secureMessagingEnabled && (
            <Badge variant="light">{t('jobDetails.secureMessaging')}</Badge>
          )}
          {recipientModule && (
            <Badge variant="light" color="grape">
              {t('jobDetails.recipientModule')}
            </Badge>
          )}
        </Group>
      )}
    </Stack>
  );
}

/** The popover body: loads the physician (GetPhysician) while open. */
function PhysicianPopoverBody({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: detailsKeys.physician(userId),
    queryFn: ({ signal }) => fetchPhysician(userId, signal),
    staleTime: 60_000,
  });
  useEffect(() => {
    if (query.isError) showToast(t('job.getPhysicianFailed'), { kind: 'error', id: 'job-get-physician' });
  }, [query.isError, t]);
  if (query.data) return <PhysicianDetails physician={query.data} />;
  if (query.isError) return <Text size="sm">{t('job.getPhysicianFailed')}</Text>;
  return (
    <Group gap="xs">
      <Loader size="xs" />
      <Text size="sm">{t('jobDetails.loadingPhysician')}</Text>
    </Group>
  );
}

/** Whose details the popover shows: a physician loaded by user id, or one whose data is at hand. */
export type PhysicianPopoverProps = { name: string } & (
  | { userId: number }
  | { physician: Physician; isPatient?: boolean }
);

/**
 * An info button that shows a physician's details in a popover: loaded by user id (GetPhysician),
 * or, for a recipient, its own data ('The Patient' for the patient).
 */
export function PhysicianPopover(props: PhysicianPopoverProps) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" withArrow shadow="md">
      <Popover.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={t('jobDetails.physicianInfo', { name: props.name })}
          onClick={() => setOpened((o) => !o)}
        >
          <InfoIcon size={16} />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        {opened &&
          ('userId' in props ? (
            <PhysicianPopoverBody userId={props.userId} />
          ) : (
            <PhysicianDetails physician={props.physician} isPatient={props.isPatient} />
          ))}
      </Popover.Dropdown>
    </Popover>
  );
}
