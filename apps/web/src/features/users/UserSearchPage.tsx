import { Alert, Badge, Button, Group, Loader, Select, Table, Text, TextInput, Title } from '@mantine/core';
import type { UserSearchResult } from '@quill/core/contract/users';
import { USER_ADMIN_LIMITS } from '@quill/core/rules/auth/userAdmin';
import { USER_ADD_PATH, USERS_PATH } from '@quill/core/rules/settings/navigation';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHasPermission } from '../../app/session/SessionContext';
import { useDocumentTitle } from '../../app/useDocumentTitle';
import { usePaging } from '../job-list/view/usePaging';
import { memberTypeName, memberTypeOptions } from './memberTypes';
import { NotPermitted } from './NotPermitted';
import classes from './Users.module.css';
import { loadGrantable, NO_FILTERS, searchUsers, type UserFilters } from './usersApi';

/** /users: Search users (dictatorView), the users of the account's structures (issue 26). */
export function UserSearchPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('users.searchTitle'));
  const canAdd = useHasPermission('dictatorAdd');
  const canView = useHasPermission('dictatorView');
  const [draft, setDraft] = useState<UserFilters>(NO_FILTERS);
  const [filters, setFilters] = useState<UserFilters>(NO_FILTERS);
  const paging = usePaging(USER_ADMIN_LIMITS.pageSizes[0]);
  const { page, pageSize } = paging;
  const companies = useQuery({
    queryKey: ['users', 'grantable'],
    queryFn: ({ signal }) => loadGrantable(signal),
    enabled: canAdd,
  });
  const result = useQuery<UserSearchResult>({
    queryKey: ['users', 'search', filters, page, pageSize],
    queryFn: ({ signal }) => searchUsers(filters, page + 1, pageSize, signal),
    placeholderData: keepPreviousData,
    enabled: canView,
    retry: false,
  });
  const set = (key: keyof UserFilters) => (value: string | null) =>
    setDraft((d) => ({ ...d, [key]: value ?? '' }));

  if (!canView) return <NotPermitted />;
  return (
    <main className={classes.page}>
      <Group justify="space-between">
        <Title order={1} size="h3">
          {t('users.searchTitle')}
        </Title>
        {canAdd && (
          <Button component={Link} to={USER_ADD_PATH}>
            {t('users.addTitle')}
          </Button>
        )}
      </Group>
      <form
        className={classes.filters}
        onSubmit={(e) => {
          e.preventDefault();
          setFilters(draft);
          paging.firstPage();
        }}
      >
        <TextInput
          label={t('users.searchLabel')}
          value={draft.q}
          onChange={(e) => set('q')(e.currentTarget.value)}
        />
        <Select
          label={t('users.memberType')}
          placeholder={t('users.anyMemberType')}
          data={memberTypeOptions(t)}
          value={draft.memberType || null}
          onChange={set('memberType')}
          clearable
        />
        {companies.data && companies.data.structures.length > 1 && (
          <Select
            label={t('users.company')}
            placeholder={t('users.anyCompany')}
            data={companies.data.structures.map((s) => ({ value: String(s.id), label: s.name }))}
            value={draft.companyId || null}
            onChange={set('companyId')}
            clearable
          />
        )}
        <Select
          label={t('users.status')}
          placeholder={t('users.anyStatus')}
          data={[
            { value: 'false', label: t('users.enabled') },
            { value: 'true', label: t('users.disabled') },
          ]}
          value={draft.disabled || null}
          onChange={set('disabled')}
          clearable
        />
        <Button type="submit">{t('users.search')}</Button>
      </form>
      <section aria-label={t('users.results')} aria-busy={result.isFetching}>
        {result.isPending && <Loader size="sm" aria-label={t('jobList.loading')} />}
        {result.isError && (
          <Alert color="red" role="alert">
            {result.error.message}
          </Alert>
        )}
        {result.data &&
          (result.data.total === 0 ? (
            <Text size="sm">{t('users.none')}</Text>
          ) : (
            <Table striped highlightOnHover aria-label={t('users.results')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('users.userName')}</Table.Th>
                  <Table.Th>{t('users.name')}</Table.Th>
                  <Table.Th>{t('users.email')}</Table.Th>
                  <Table.Th>{t('users.accounts')}</Table.Th>
                  <Table.Th>{t('users.status')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {result.data.rows.map((u) => (
                  <Table.Tr key={u.userId}>
                    <Table.Td>
                      <Link to={`${USERS_PATH}/$userId`} params={{ userId: String(u.userId) }}>
                        {u.userName}
                      </Link>
                    </Table.Td>
                    <Table.Td>{u.name}</Table.Td>
                    <Table.Td>{u.email ?? ''}</Table.Td>
                    <Table.Td>
                      {u.accounts.map((a) => `${a.company} – ${memberTypeName(t, a.memberType)}`).join('; ')}
                    </Table.Td>
                    <Table.Td>
                      {u.disabled ? <Badge color="gray.7">{t('users.disabled')}</Badge> : t('users.enabled')}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          ))}
        {paging.pager(result.data?.total)}
      </section>
    </main>
  );
}
