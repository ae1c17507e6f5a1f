import { Button, Menu, Tooltip } from '@mantine/core';
import { LIMITS } from '@quill/core/rules/settings/constants';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import classes from '../JobList.module.css';
import { ChevronDownIcon, ListCheckIcon } from '../table/icons';

/**
 * Spec 01 §5: bulk actions are disabled when nothing is checked; the tooltip shows the count of
 * checked jobs. The actions themselves (view, save, fax, print, clear) are menu items passed as
 * children; until there are any, the button opens nothing.
 */
export function BulkActionsButton({ count, children }: { count: number; children?: ReactNode }) {
  const { t } = useTranslation();
  const label = t('jobList.toolbar.selectedCount', { count });
  const button = (
    <Button
      size="xs"
      variant="filled"
      disabled={count === 0}
      leftSection={<ListCheckIcon size={14} />}
      rightSection={children ? <ChevronDownIcon size={14} /> : undefined}
      data-testid="bulk-actions"
    >
      {t('jobList.toolbar.bulkActions')}
      <span className={classes.visuallyHidden}> ({label})</span>
    </Button>
  );
  return (
    <Tooltip
      label={label}
      openDelay={LIMITS.tooltipDelayMs}
      withArrow
      events={{ hover: true, focus: true, touch: false }}
    >
      {/* A disabled button gets no pointer events; the wrapper keeps the tooltip working. */}
      <span data-testid="bulk-actions-wrapper" tabIndex={count === 0 ? 0 : -1}>
        {children ? (
          // No focus placeholder: a menu may only hold items (axe aria-required-children).
          <Menu position="bottom-end" withinPortal withInitialFocusPlaceholder={false}>
            <Menu.Target>{button}</Menu.Target>
            <Menu.Dropdown>{children}</Menu.Dropdown>
          </Menu>
        ) : (
          button
        )}
      </span>
    </Tooltip>
  );
}
