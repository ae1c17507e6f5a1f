import { Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { signOut } from '../session/accountApi';
import { useDocumentTitle } from '../useDocumentTitle';
import { type ErrorPageButton, errorPageContent, type Message } from './errorPageContent';

export interface ErrorPageProps {
  /** 404, 403, 401, existingsession, usersettings, usersummariesempty, nosmartcopies, or anything else (500). */
  code: string;
}

/** Spec 01 §2/§8: the generic error page — title, lead, message and the buttons the code needs. */
export function ErrorPage({ code }: ErrorPageProps) {
  const { t } = useTranslation();
  const content = errorPageContent(code);
  // The key is chosen at run time, so i18next cannot type its placeholders here.
  const translate = t as unknown as (key: string, values?: Record<string, string>) => string;
  const text = (m: Message) => translate(m.key, m.values);
  const title = text(content.title);
  useDocumentTitle(title);

  const buttons: Record<ErrorPageButton, React.ReactNode> = {
    home: (
      <Button key="home" renderRoot={(props) => <Link to="/" {...props} />}>
        {t('errors.takeMeHome')}
      </Button>
    ),
    reload: (
      <Button key="reload" variant="default" onClick={() => window.location.reload()}>
        {t('errors.reloadPage')}
      </Button>
    ),
    signOut: (
      <Button key="signOut" variant="default" onClick={() => void signOut()}>
        {t('errors.signOut')}
      </Button>
    ),
  };

  return (
    <Container size={600} py={64}>
      <Stack gap="lg">
        <Text fw={700} size="lg" c="blue.8">
          {t('app.name')}
        </Text>
        <Paper withBorder radius="md" p="xl" shadow="xs">
          <Stack gap="sm">
            <Title order={1} size="h2">
              {title}
            </Title>
            {content.lead && (
              <Text size="lg" fw={500}>
                {text(content.lead)}
              </Text>
            )}
            {content.message && <Text c="dimmed">{text(content.message)}</Text>}
            <Group gap="sm" mt="md">
              {content.buttons.map((b) => buttons[b])}
            </Group>
          </Stack>
        </Paper>
      </Stack>
    </Container>
  );
}
