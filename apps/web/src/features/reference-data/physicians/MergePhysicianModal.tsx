import { Alert, Button, Group, Loader, Modal, Stack, Table, Text, TextInput } from '@mantine/core';
import type { DirectoryRow } from '@quill/core/contract/physicianDirectory';
import type { ReferenceFacility } from '@quill/core/contract/referenceData';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../app/toasts';
import { directoryKey, directoryLabel, mergePhysician, searchDirectory } from './physiciansApi';

/** Possible duplicates one search shows. */
const CANDIDATES = 10;

/**
 * "Merge a duplicate into this physician" (issue 26): the manager searches the facility's
 * directory for the duplicate record of the kept physician, chooses it, reads what a merge does
 * (everything naming the duplicate names the kept physician; the duplicate is disabled; it cannot
 * be undone) and confirms.
 */
export function MergePhysicianModal({
  facility,
  kept,
  onClose,
}: {
  facility: ReferenceFacility;
  kept: DirectoryRow | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={kept !== null} onClose={onClose} title={t('reference.physicians.mergeTitle')} size="lg">
      {kept && <MergeContent key={kept.id} facility={facility} kept={kept} onClose={onClose} />}
    </Modal>
  );
}

function MergeContent({
  facility,
  kept,
  onClose,
}: {
  facility: ReferenceFacility;
  kept: DirectoryRow;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const [chosen, setChosen] = useState<DirectoryRow | null>(null);
  const found = useQuery({
    queryKey: [...directoryKey(facility.id), 'duplicates', query],
    queryFn: ({ signal }) =>
      searchDirectory(facility.id, { q: query, accessCode: '', disabled: '' }, 1, CANDIDATES, signal),
    enabled: query !== '',
    retry: false,
  });
  const candidates = (found.data?.rows ?? []).filter((r) => r.id !== kept.id && r.mergedInto === null);
  const keptName = directoryLabel(kept);
  const merge = useMutation({
    mutationFn: (duplicate: DirectoryRow) => mergePhysician(facility.id, kept.id, duplicate.id),
    onSuccess: async (result) => {
      const m = result.moved;
      showToast(
        t('reference.physicians.mergeDone', {
          duplicate: directoryLabel(result.duplicate),
          kept: keptName,
          jobs: String(m.dictatorJobs + m.dictatedForJobs + m.adtJobs + m.orders),
          recipients: String(m.recipients),
          accounts: String(m.accounts),
        }),
        { kind: 'success' },
      );
      onClose();
      await queryClient.invalidateQueries({ queryKey: directoryKey(facility.id) });
    },
  });

  return (
    <Stack gap="sm">
      <Text fw={500}>{t('reference.physicians.mergeKeep', { name: keptName })}</Text>
      {!chosen && (
        <>
          <form
            onSubmit={(e) => {
              e.preventDefault();
              setQuery(text.trim());
            }}
          >
            <Group align="flex-end">
              <TextInput
                label={t('reference.physicians.mergeSearchLabel')}
                value={text}
                onChange={(e) => setText(e.currentTarget.value)}
                data-autofocus
                style={{ flex: 1 }}
              />
              <Button type="submit">{t('reference.physicians.search')}</Button>
            </Group>
          </form>
          {found.isFetching && <Loader size="sm" aria-label={t('reference.physicians.loading')} />}
          {found.isError && (
            <Alert color="red" role="alert">
              {found.error.message}
            </Alert>
          )}
          {found.data &&
            (candidates.length === 0 ? (
              <Text size="sm">{t('reference.physicians.mergeNoMatches')}</Text>
            ) : (
              <Table aria-label={t('reference.physicians.mergeResults')} striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('reference.physicians.columns.name')}</Table.Th>
                    <Table.Th>{t('reference.physicians.columns.accessCode')}</Table.Th>
                    <Table.Th>{t('reference.physicians.columns.specialty')}</Table.Th>
                    <Table.Th>{t('reference.physicians.columns.status')}</Table.Th>
                    <Table.Th>{t('reference.physicians.columns.actions')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {candidates.map((r) => (
                    <Table.Tr key={r.id}>
                      <Table.Td>{directoryLabel(r)}</Table.Td>
                      <Table.Td>{r.accessCode ?? ''}</Table.Td>
                      <Table.Td>{r.specialty ?? ''}</Table.Td>
                      <Table.Td>
                        {r.disabled ? t('reference.physicians.disabled') : t('reference.physicians.enabled')}
                      </Table.Td>
                      <Table.Td>
                        <Button
                          size="xs"
                          variant="default"
                          aria-label={t('reference.physicians.mergeChooseNamed', { name: directoryLabel(r) })}
                          onClick={() => setChosen(r)}
                        >
                          {t('reference.physicians.mergeChoose')}
                        </Button>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            ))}
        </>
      )}
      {chosen && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (!merge.isPending) merge.mutate(chosen);
          }}
        >
          <Stack gap="sm">
            <Text>{t('reference.physicians.mergeChosen', { name: directoryLabel(chosen) })}</Text>
            <Alert color="yellow" title={t('reference.physicians.mergeTitle')}>
              {t('reference.physicians.mergeHow', { duplicate: directoryLabel(chosen), kept: keptName })}
            </Alert>
            {merge.isError && (
              <Alert color="red" role="alert">
                {merge.error.message}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setChosen(null)}>
                {t('reference.physicians.mergeOther')}
              </Button>
              <Button variant="default" onClick={onClose}>
                {t('reference.cancel')}
              </Button>
              <Button type="submit" color="red" loading={merge.isPending} data-autofocus>
                {t('reference.physicians.mergeConfirm', {
                  duplicate: directoryLabel(chosen),
                  kept: keptName,
                })}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
