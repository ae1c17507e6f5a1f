import { NO_GROUP } from '@quill/core/rules/jobList/jobListGroup';
import { useTranslation } from 'react-i18next';
import type { PageItem } from '../view/jobListView';
import classes from './JobTable.module.css';

/** A group's heading: the grouping column, the group's value (or blank) and its job count. */
export function GroupHeaderRow({
  item,
  span,
  index,
  measure,
}: {
  item: Extract<PageItem, { kind: 'group' }>;
  span: number;
  index: number;
  measure: (node: Element | null) => void;
}) {
  const { t } = useTranslation();
  return (
    <tr className={classes.groupRow} data-group={item.key} data-index={index} ref={measure}>
      <th colSpan={span} scope="colgroup">
        {t(`jobList.columns.${item.column}`)}: {item.key === NO_GROUP ? t('jobList.table.noGroup') : item.key}
        {item.continued && ` ${t('jobList.table.continued')}`}
        <span className={classes.groupCount}>{t('jobList.table.groupCount', { count: item.count })}</span>
      </th>
    </tr>
  );
}
