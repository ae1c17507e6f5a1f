import type { JobListLabels } from '@quill/core/rules/jobList/jobListValues';
import { stageLabel } from '@quill/core/rules/jobList/stages';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useHasPermission } from '../../app/session/SessionContext';

/** The catalogue words the list shows in place of values, and the stage label rule (spec 01 §4). */
export function useJobListLabels(): JobListLabels {
  const { t } = useTranslation();
  // Spec 01 §6: without adtView, adtEdit or jobEditAdt the server sends no names, and the list
  // shows the labels 'Patient Name' and 'Subject ID' (issue 41: the MRN goes with the name); with
  // one of them a missing name is a job without a patient.
  const seesNames = [
    useHasPermission('adtView'),
    useHasPermission('adtEdit'),
    useHasPermission('jobEditAdt'),
  ].some(Boolean);
  return useMemo(
    () => ({
      stat: t('jobList.stat'),
      patientWithheld: seesNames ? '' : t('jobList.patientWithheld'),
      mrnWithheld: seesNames ? '' : t('jobList.mrnWithheld'),
      // One language (en-US): stored stage names are shown as they are.
      stage: (stageId: number, stageName: string) => stageLabel(stageId, stageName),
      durationUnits: {
        days: t('transcribe.tat.units.days'),
        hours: t('transcribe.tat.units.hours'),
        minutes: t('transcribe.tat.units.minutes'),
      },
    }),
    [t, seesNames],
  );
}
