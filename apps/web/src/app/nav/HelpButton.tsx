import { Tooltip } from '@mantine/core';
import { LIMITS } from '@quill/core/rules/settings/constants';
import { useTranslation } from 'react-i18next';
import { HelpCircle } from './icons';
import classes from './TopNav.module.css';
import { useOpenDocumentation } from './useOpenDocumentation';

/** Spec 01 §2: the Help icon; opens the documentation link the server answers. */
export function HelpButton() {
  const { t } = useTranslation();
  const openDocumentation = useOpenDocumentation();
  return (
    <Tooltip label={t('nav.help')} openDelay={LIMITS.tooltipDelayMs} withArrow>
      <button
        type="button"
        className={`${classes.item} ${classes.iconItem}`}
        aria-label={t('nav.help')}
        onClick={() => void openDocumentation()}
      >
        <HelpCircle />
      </button>
    </Tooltip>
  );
}
