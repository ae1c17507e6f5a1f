import { Button, Loader, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import type { RecentUpload } from '@quill/core/contract/schedule';
import { formatUserDateTime } from '@quill/core/rules/time/userTime';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../app/session/SessionContext';
import { useRecentUploads } from './scheduleUploadApi';
import { UploadEffect } from './UploadEffect';
import { UploadPreview } from './UploadPreview';

/**
 * Issue 18: the latest uploads of the account's corporate structures, each with its state; a
 * processed one can show its changes again, and a manager can revert it from there; one waiting
 * for its confirmation (issue 39) shows its preview, to confirm or cancel it. `kind` keeps
 * the page's own uploads (schedules on the Schedule Upload, patient data on the Patient Upload).
 */
export function RecentUploads({ kind }: { kind?: RecentUpload['kind'] }) {
  const { t } = useTranslation();
  const { userSettings } = useSession();
  const recent = useRecentUploads();
  const shownUploads = kind ? recent.data?.filter((u) => u.kind === kind) : recent.data;
  const [open, setOpen] = useState<number | null>(null);
  return (
    <Stack gap="xs" component="section" aria-labelledby="schedule-recent-uploads">
      <Title order={2} size="h4" id="schedule-recent-uploads">
        {t('schedule.recentUploads')}
      </Title>
      {recent.isPending ? (
        <Loader size="sm" aria-label={t('schedule.recentUploads')} />
      ) : !shownUploads?.length ? (
        <Text size="sm">{t('schedule.recentUploadsEmpty')}</Text>
      ) : (
        <Table withTableBorder data-testid="schedule-recent-uploads">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('schedule.uploadFile')}</Table.Th>
              <Table.Th scope="col">{t('schedule.uploadedAt')}</Table.Th>
              <Table.Th scope="col">{t('schedule.uploadStatus')}</Table.Th>
              <Table.Th scope="col">
                <VisuallyHidden>{t('schedule.effect')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shownUploads.map((u) => {
              const shown = open === u.uploadId;
              return (
                <Fragment key={u.uploadId}>
                  <Table.Tr>
                    <Table.Td>{u.fileName}</Table.Td>
                    <Table.Td>{formatUserDateTime(u.createdAt, userSettings)}</Table.Td>
                    <Table.Td>
                      {u.revertedAt ? t('schedule.reverted') : t(`schedule.uploadStatuses.${u.status}`)}
                    </Table.Td>
                    <Table.Td>
                      {(u.status === 'done' || u.status === 'preview') && (
                        <Button
                          variant="default"
                          size="xs"
                          aria-expanded={shown}
                          aria-controls={`schedule-effect-${u.uploadId}`}
                          aria-label={t(shown ? 'schedule.hideEffect' : 'schedule.showEffect', {
                            file: u.fileName,
                          })}
                          onClick={() => setOpen(shown ? null : u.uploadId)}
                        >
                          {t(shown ? 'schedule.hideEffectShort' : 'schedule.showEffectShort')}
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                  {shown && (
                    <Table.Tr id={`schedule-effect-${u.uploadId}`}>
                      <Table.Td colSpan={4}>
                        {u.status === 'preview' ? (
                          <UploadPreview uploadId={u.uploadId} />
                        ) : (
                          <UploadEffect uploadId={u.uploadId} />
                        )}
                      </Table.Td>
                    </Table.Tr>
                  )}
                </Fragment>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
