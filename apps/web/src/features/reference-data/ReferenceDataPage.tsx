import { Alert, Loader, Select, Tabs, Text, Title } from '@mantine/core';
import {
  REFERENCE_SECTIONS,
  REFERENCE_VIEW_PERMISSION,
  type ReferenceSection,
} from '@quill/core/rules/referenceData/referenceData';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useHasPermission } from '../../app/session/SessionContext';
import { useDocumentTitle } from '../../app/useDocumentTitle';
import { NotPermitted } from '../users/NotPermitted';
import classes from './ReferenceData.module.css';
import { loadReferenceFacilities } from './referenceApi';
import { SECTION_COMPONENTS } from './sections';

/** Its route (routes.tsx), by id: the route loads this page lazily, so the page does not import it. */
const route = getRouteApi('/authed/reference');

/**
 * /reference: the reference data of one client facility of the account's structures, one tab per
 * section (issue 26). Everyone with dictatorView may look; changing needs dictatorAdd (each section
 * then offers its forms; the server checks both).
 */
export function ReferenceDataPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('reference.title'));
  const canView = useHasPermission(REFERENCE_VIEW_PERMISSION);
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const facilities = useQuery({
    queryKey: ['reference', 'facilities'],
    queryFn: ({ signal }) => loadReferenceFacilities(signal),
    enabled: canView,
    retry: false,
  });
  if (!canView) return <NotPermitted />;

  const list = facilities.data?.facilities ?? [];
  const facility = list.find((f) => f.id === search.cf) ?? list[0];
  const section: ReferenceSection = search.section ?? REFERENCE_SECTIONS[0];
  const go = (next: { cf?: number; section?: ReferenceSection }) =>
    void navigate({ search: { cf: facility?.id, section, ...next }, replace: true });
  const Section = SECTION_COMPONENTS[section];

  return (
    <main className={classes.page}>
      <div className={classes.header}>
        <Title order={1} size="h3">
          {t('reference.title')}
        </Title>
        {list.length > 1 && (
          <Select
            className={classes.facility}
            label={t('reference.facility')}
            data={list.map((f) => ({ value: String(f.id), label: `${f.name} (${f.corporateStructure})` }))}
            value={facility ? String(facility.id) : null}
            onChange={(v) => v && go({ cf: Number(v) })}
            allowDeselect={false}
            searchable
          />
        )}
        {list.length === 1 && facility && <Text fw={500}>{facility.name}</Text>}
      </div>
      {facilities.isPending && <Loader size="sm" aria-label={t('jobList.loading')} />}
      {facilities.isError && (
        <Alert color="red" role="alert">
          {facilities.error.message}
        </Alert>
      )}
      {facilities.data && !facility && <Text>{t('reference.noFacilities')}</Text>}
      {facilities.data && facility && (
        <>
          {!facilities.data.canEdit && (
            <Alert color="blue" mb="sm">
              {t('reference.readOnly')}
            </Alert>
          )}
          <Tabs
            value={section}
            onChange={(v) => v && go({ section: v as ReferenceSection })}
            keepMounted={false}
          >
            <Tabs.List aria-label={t('reference.sectionsLabel')}>
              {REFERENCE_SECTIONS.map((s) => (
                <Tabs.Tab key={s} value={s}>
                  {t(`reference.sections.${s}`)}
                </Tabs.Tab>
              ))}
            </Tabs.List>
            <Tabs.Panel value={section} className={classes.panel}>
              <Suspense fallback={<Loader size="sm" aria-label={t('jobList.loading')} />}>
                <Section key={facility.id} facility={facility} canEdit={facilities.data.canEdit} />
              </Suspense>
            </Tabs.Panel>
          </Tabs>
        </>
      )}
    </main>
  );
}
