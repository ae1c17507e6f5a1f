import { Button, Table, Text, Title } from '@mantine/core';
import { PROFILE_SESSION_DAYS, type ProfileSession } from '@quill/core/contract/profile';
import { formatUserDateTime } from '@quill/core/rules/time/userTime';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../app/session/SessionContext';
import { showToast } from '../../app/toasts';
import classes from './Profile.module.css';
import { endOtherSessions } from './profileApi';

/** The user's sessions of the last days, with Sign out other sessions while another is open. */
export function SessionsTable({ sessions, onEnded }: { sessions: ProfileSession[]; onEnded: () => void }) {
  const { t } = useTranslation();
  const { userSettings } = useSession();
  const [ending, setEnding] = useState(false);
  const othersOpen = sessions.some((s) => s.state === 'open');

  async function endOthers() {
    setEnding(true);
    try {
      const { ended } = await endOtherSessions();
      showToast(t('profile.othersSignedOut', { count: ended }), { kind: 'success' });
      onEnded();
    } finally {
      setEnding(false);
    }
  }

  return (
    <section className={classes.sessions} aria-labelledby="profile-sessions">
      <Title order={2} size="h4" id="profile-sessions">
        {t('profile.sessionsTitle')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('profile.sessionsLead', { days: String(PROFILE_SESSION_DAYS) })}
      </Text>
      <Table striped mt="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('profile.started')}</Table.Th>
            <Table.Th>{t('profile.lastActive')}</Table.Th>
            <Table.Th>{t('profile.from')}</Table.Th>
            <Table.Th>{t('profile.browser')}</Table.Th>
            <Table.Th>{t('profile.state')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sessions.map((s) => (
            <Table.Tr key={`${s.started}-${s.state}-${s.lastActive}`}>
              <Table.Td>{formatUserDateTime(s.started, userSettings)}</Table.Td>
              <Table.Td>{formatUserDateTime(s.lastActive, userSettings)}</Table.Td>
              <Table.Td>{s.ip ?? ''}</Table.Td>
              <Table.Td title={s.browser ?? undefined}>{(s.browser ?? '').slice(0, 60)}</Table.Td>
              <Table.Td fw={s.state === 'current' ? 600 : undefined}>
                {t(`profile.states.${s.state}`)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Button mt="sm" variant="default" onClick={endOthers} loading={ending} disabled={!othersOpen}>
        {t('profile.signOutOthers')}
      </Button>
    </section>
  );
}
