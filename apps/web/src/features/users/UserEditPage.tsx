import { Alert, Button, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { PROFILE_EMAIL_MAX, PROFILE_NAME_MAX } from '@quill/core/contract/profile';
import type { Grantable, PasswordLink, UserAccount, UserDetails } from '@quill/core/contract/users';
import { USER_ADMIN_LIMITS } from '@quill/core/rules/auth/userAdmin';
import { PHYSICIAN_LINK_MEMBER_TYPE } from '@quill/core/rules/recipients/physicianDirectory';
import { MEMBER_TYPES } from '@quill/core/rules/settings/constants';
import { formatUserDateTime } from '@quill/core/rules/time/userTime';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHasPermission, useSession } from '../../app/session/SessionContext';
import { showToast } from '../../app/toasts';
import { useDocumentTitle } from '../../app/useDocumentTitle';
import { AccountEditor } from './AccountEditor';
import { NotPermitted } from './NotPermitted';
import classes from './Users.module.css';
import { createUser, loadGrantable, loadUser, newPasswordLink, saveUser, setDisabled } from './usersApi';

/** A one-time set-password link, to copy and give to the user. */
function PasswordLinkNote({ userName, link }: { userName: string; link: PasswordLink }) {
  const { t } = useTranslation();
  const { userSettings } = useSession();
  const url = link.url.startsWith('/') ? `${window.location.origin}${link.url}` : link.url;
  return (
    <Alert color="blue" role="status" mt="md">
      <Text size="sm">
        {t('users.passwordLinkLead', { userName, expires: formatUserDateTime(link.expiresAt, userSettings) })}
      </Text>
      <Text size="sm" ff="monospace" className={classes.link} data-testid="password-link">
        {url}
      </Text>
    </Alert>
  );
}

interface Draft {
  userName: string;
  name: string;
  email: string;
  accounts: UserAccount[];
}

/** The user form: identity and accounts (the user name only when adding). */
function UserForm({
  draft,
  setDraft,
  grantable,
  adding,
  saving,
  error,
  onSubmit,
}: {
  draft: Draft;
  setDraft: (d: Draft) => void;
  grantable: Grantable;
  adding: boolean;
  saving: boolean;
  error: string | null;
  onSubmit: () => void;
}) {
  const { t } = useTranslation();
  const firstNew = draft.accounts.findIndex((a) => a.memberId === null);
  const newAccount = (): UserAccount => ({
    memberId: null,
    companyId: grantable.structures[0]?.id ?? 0,
    memberType: MEMBER_TYPES.transcriptionist,
    permissions: [],
    access: [],
    physicianId: null,
    physicianName: null,
  });
  return (
    <form
      className={classes.form}
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <Stack gap="xs">
        <TextInput
          label={t('users.userName')}
          value={draft.userName}
          readOnly={!adding}
          required={adding}
          maxLength={100}
          onChange={(e) => setDraft({ ...draft, userName: e.currentTarget.value })}
        />
        <TextInput
          label={t('users.name')}
          value={draft.name}
          required
          maxLength={PROFILE_NAME_MAX}
          onChange={(e) => setDraft({ ...draft, name: e.currentTarget.value })}
        />
        <TextInput
          label={t('users.email')}
          type="email"
          value={draft.email}
          maxLength={PROFILE_EMAIL_MAX}
          onChange={(e) => setDraft({ ...draft, email: e.currentTarget.value })}
        />
      </Stack>
      {draft.accounts.map((a, i) => (
        <AccountEditor
          key={a.memberId ?? `new-${i}`}
          n={i + 1}
          account={a}
          grantable={grantable}
          onChange={(next) =>
            setDraft({ ...draft, accounts: draft.accounts.map((x, j) => (j === i ? next : x)) })
          }
          onRemove={
            a.memberId === null && draft.accounts.length > 1 && i >= firstNew
              ? () => setDraft({ ...draft, accounts: draft.accounts.filter((_, j) => j !== i) })
              : undefined
          }
        />
      ))}
      {error && (
        <Alert color="red" role="alert" mt="md">
          {error}
        </Alert>
      )}
      <Group mt="md">
        <Button
          variant="default"
          disabled={draft.accounts.length >= USER_ADMIN_LIMITS.maxAccounts}
          onClick={() => setDraft({ ...draft, accounts: [...draft.accounts, newAccount()] })}
        >
          {t('users.addAccount')}
        </Button>
        <Button type="submit" loading={saving}>
          {adding ? t('users.create') : t('users.save')}
        </Button>
      </Group>
    </form>
  );
}

const messageOf = (err: unknown, fallback: string) =>
  err instanceof Error && err.message ? err.message : fallback;
const requestOf = (d: Draft) => ({
  name: d.name,
  email: d.email,
  accounts: d.accounts.map(({ memberId, companyId, memberType, permissions, access, physicianId }) => ({
    memberId,
    companyId,
    memberType,
    permissions,
    access: access.filter((c) => c !== companyId),
    // Only a dictator account links to a physician (the server refuses any other).
    physicianId: memberType === PHYSICIAN_LINK_MEMBER_TYPE ? physicianId : null,
  })),
});

function useGrantable() {
  return useQuery({ queryKey: ['users', 'grantable'], queryFn: ({ signal }) => loadGrantable(signal) });
}

/** /users/new: Add user (dictatorAdd). The new user chooses a password through the link shown after. */
export function UserAddPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('users.addTitle'));
  const canAdd = useHasPermission('dictatorAdd');
  const navigate = useNavigate();
  const grantable = useGrantable();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [created, setCreated] = useState<{ userId: number; userName: string; link: PasswordLink } | null>(
    null,
  );
  if (!canAdd) return <NotPermitted />;
  if (!grantable.data) return <Loader size="sm" aria-label={t('account.loading')} />;
  const form: Draft = draft ?? {
    userName: '',
    name: '',
    email: '',
    accounts: [
      {
        memberId: null,
        companyId: grantable.data.structures[0]?.id ?? 0,
        memberType: MEMBER_TYPES.transcriptionist,
        permissions: [],
        access: [],
        physicianId: null,
        physicianName: null,
      },
    ],
  };
  async function submit() {
    setSaving(true);
    setError(null);
    try {
      const made = await createUser({ ...requestOf(form), userName: form.userName });
      setCreated({
        userId: made.userId,
        userName: form.userName.trim().toLowerCase(),
        link: made.passwordLink,
      });
      showToast(t('users.saved'), { kind: 'success' });
    } catch (err) {
      setError(messageOf(err, t('profile.loadFailed')));
    } finally {
      setSaving(false);
    }
  }
  return (
    <main className={classes.page}>
      <Title order={1} size="h3">
        {t('users.addTitle')}
      </Title>
      {created ? (
        <>
          <PasswordLinkNote userName={created.userName} link={created.link} />
          <Group mt="md">
            <Button
              onClick={() => navigate({ to: '/users/$userId', params: { userId: String(created.userId) } })}
            >
              {t('users.editTitle', { userName: created.userName })}
            </Button>
            <Button
              variant="default"
              onClick={() => {
                setCreated(null);
                setDraft(null);
              }}
            >
              {t('users.addTitle')}
            </Button>
          </Group>
        </>
      ) : (
        <UserForm
          draft={form}
          setDraft={setDraft}
          grantable={grantable.data}
          adding
          saving={saving}
          error={error}
          onSubmit={submit}
        />
      )}
    </main>
  );
}

/** /users/$userId: a user's page (dictatorView to see, dictatorAdd to change). */
export function UserEditRoutePage() {
  const { userId } = useParams({ strict: false }) as { userId: string };
  return <UserEditPage userId={Number(userId)} />;
}

function draftOf(u: UserDetails): Draft {
  return { userName: u.userName, name: u.name, email: u.email ?? '', accounts: u.accounts };
}

export function UserEditPage({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const canAdd = useHasPermission('dictatorAdd');
  const queryClient = useQueryClient();
  const user = useQuery({
    queryKey: ['users', 'user', userId],
    queryFn: ({ signal }) => loadUser(userId, signal),
    retry: false,
  });
  const grantable = useQuery({
    queryKey: ['users', 'grantable'],
    queryFn: ({ signal }) => loadGrantable(signal),
    enabled: canAdd,
  });
  useDocumentTitle(t('users.editTitle', { userName: user.data?.userName ?? '' }));
  const [draft, setDraft] = useState<Draft | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [link, setLink] = useState<PasswordLink | null>(null);

  if (user.isError)
    return (
      <main className={classes.page}>
        <Alert color="red" role="alert">
          {user.error.message}
        </Alert>
      </main>
    );
  if (!user.data) return <Loader size="sm" aria-label={t('account.loading')} />;
  const shown = user.data;
  const apply = (u: UserDetails) => {
    queryClient.setQueryData(['users', 'user', userId], u);
    setDraft(null);
  };
  async function run(work: () => Promise<void>) {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (err) {
      setError(messageOf(err, t('profile.loadFailed')));
    } finally {
      setBusy(false);
    }
  }
  return (
    <main className={classes.page}>
      <Title order={1} size="h3">
        {t('users.editTitle', { userName: shown.userName })}
      </Title>
      {shown.disabled && (
        <Alert color="gray" mt="sm">
          {t('users.disabledNote')}
        </Alert>
      )}
      {canAdd && grantable.data ? (
        <>
          <UserForm
            draft={draft ?? draftOf(shown)}
            setDraft={setDraft}
            grantable={grantable.data}
            adding={false}
            saving={busy}
            error={error}
            onSubmit={() =>
              run(async () => {
                apply(await saveUser(userId, requestOf(draft ?? draftOf(shown))));
                showToast(t('users.saved'), { kind: 'success' });
              })
            }
          />
          <Group mt="lg">
            <Button
              variant="default"
              color={shown.disabled ? undefined : 'red'}
              onClick={() =>
                run(async () => {
                  apply(await setDisabled(userId, !shown.disabled));
                  showToast(t(shown.disabled ? 'users.enabledDone' : 'users.disabledDone'), {
                    kind: 'success',
                  });
                })
              }
            >
              {shown.disabled ? t('users.enable') : t('users.disable')}
            </Button>
            <Button variant="default" onClick={() => run(async () => setLink(await newPasswordLink(userId)))}>
              {t('users.newPasswordLink')}
            </Button>
          </Group>
          {link && <PasswordLinkNote userName={shown.userName} link={link} />}
        </>
      ) : (
        <Stack gap={4} mt="sm">
          <Text size="sm">
            {t('users.name')}: {shown.name}
          </Text>
          <Text size="sm">
            {t('users.email')}: {shown.email ?? ''}
          </Text>
        </Stack>
      )}
    </main>
  );
}
