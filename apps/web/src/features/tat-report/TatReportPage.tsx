import { Alert, Button, Loader, NativeSelect, Text, TextInput, Title } from '@mantine/core';
import type { ReportFacilities } from '@quill/core/contract/reports';
import { localDay } from '@quill/core/rules/attachments/attachmentRange';
import {
  defaultTatRange,
  TAT_RANGE_VALUES,
  TAT_REPORT_PERMISSION,
  type TatRangeProblem,
  tatRangeProblem,
} from '@quill/core/rules/reports/tatReport';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHasPermission } from '../../app/session/SessionContext';
import { showToast } from '../../app/toasts';
import { useDocumentTitle } from '../../app/useDocumentTitle';
import { saveFile } from '../job-list/bulk/newTab';
import classes from './TatReport.module.css';
import { downloadTatReport, loadReportFacilities } from './tatReportApi';

const m = 'transcribe.productivity.report';

function ReportForm({ facilities }: { facilities: ReportFacilities }) {
  const { t } = useTranslation();
  const [cf, setCf] = useState(String(facilities[0]!.id));
  const [range, setRange] = useState(() => defaultTatRange(localDay(new Date())));
  const [problem, setProblem] = useState<TatRangeProblem | null>(null);
  const fromRef = useRef<HTMLInputElement>(null);
  const toRef = useRef<HTMLInputElement>(null);
  const download = useMutation({
    mutationFn: downloadTatReport,
    onSuccess: (file) => {
      saveFile(file.blob, file.fileName ?? 'Turnaround.xlsx');
      showToast(t(`${m}.downloaded`), { kind: 'success' });
    },
  });
  const change = (key: 'from' | 'to') => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value;
    setRange((r) => ({ ...r, [key]: value }));
    setProblem(null);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = tatRangeProblem(range.from, range.to);
    setProblem(found);
    if (found) {
      (found === `${m}.dateRequired` && !range.from ? fromRef : toRef).current?.focus();
      return;
    }
    download.mutate({ cf: Number(cf), ...range });
  };
  const problemText = problem ? t(problem, { max: String(TAT_RANGE_VALUES.max) }) : undefined;
  const onFrom = problem === `${m}.dateRequired` && !range.from;
  return (
    <form className={classes.form} onSubmit={submit} aria-label={t(`${m}.title`)} noValidate>
      <div className={classes.fields}>
        <NativeSelect
          label={t(`${m}.facility`)}
          value={cf}
          onChange={(e) => setCf(e.currentTarget.value)}
          data={facilities.map((f) => ({
            value: String(f.id),
            label: `${f.name} (${f.corporateStructure})`,
          }))}
        />
        <TextInput
          ref={fromRef}
          label={t(`${m}.from`)}
          type="date"
          required
          value={range.from}
          onChange={change('from')}
          error={onFrom ? problemText : undefined}
        />
        <TextInput
          ref={toRef}
          label={t(`${m}.to`)}
          type="date"
          required
          value={range.to}
          onChange={change('to')}
          error={problem && !onFrom ? problemText : undefined}
        />
      </div>
      {download.isError && (
        <Alert color="red" role="alert" mt="sm">
          {t(`${m}.failed`, { reason: download.error.message })}
        </Alert>
      )}
      <div className={classes.actions}>
        <Button type="submit" loading={download.isPending}>
          {t(`${m}.download`)}
        </Button>
        {download.isPending && (
          <Text component="span" size="sm" ml="sm" role="status">
            {t(`${m}.downloading`)}
          </Text>
        )}
      </div>
    </form>
  );
}

/**
 * /reports/turnaround: the turnaround report of one facility over a range of days, downloaded as
 * an Excel file (issue 27). Only with User Add (rules/reports/tatReport.ts; the server refuses it too).
 */
export function TatReportPage() {
  const { t } = useTranslation();
  useDocumentTitle(t(`${m}.title`));
  const permitted = useHasPermission(TAT_REPORT_PERMISSION);
  const facilities = useQuery({
    queryKey: ['reports', 'facilities'],
    queryFn: ({ signal }) => loadReportFacilities(signal),
    enabled: permitted,
    retry: false,
  });
  return (
    <main className={classes.page}>
      <Title order={1} size="h3">
        {t(`${m}.title`)}
      </Title>
      {!permitted ? (
        <Alert color="red" role="alert" mt="md">
          {t(`${m}.notPermitted`)}
        </Alert>
      ) : (
        <>
          <Text mt="xs">{t(`${m}.intro`)}</Text>
          {facilities.isPending && <Loader size="sm" mt="md" aria-label={t('jobList.loading')} />}
          {facilities.isError && (
            <Alert color="red" role="alert" mt="md">
              {facilities.error.message}
            </Alert>
          )}
          {facilities.data?.length === 0 && <Text mt="md">{t(`${m}.noFacilities`)}</Text>}
          {facilities.data && facilities.data.length > 0 && <ReportForm facilities={facilities.data} />}
        </>
      )}
    </main>
  );
}
