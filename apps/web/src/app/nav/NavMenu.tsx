import { Menu, VisuallyHidden } from '@mantine/core';
import type { NavMenu as NavMenuEntry } from '@quill/core/rules/settings/navigation';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { signOut } from '../session/accountApi';
import { ChevronDown, ExternalLink } from './icons';
import classes from './TopNav.module.css';
import { useNavLinkProps } from './useNavLinkProps';

export interface NavMenuProps {
  menu: NavMenuEntry;
  /** Shown before the menu's name on its button (an icon). */
  icon?: ReactNode;
}

/** One dropdown of the top navigation (Upload, User, My Account): a button and its permitted items. */
export function NavMenu({ menu, icon }: NavMenuProps) {
  const { t } = useTranslation();
  const anchorProps = useNavLinkProps();
  return (
    <Menu
      position="bottom-start"
      offset={4}
      shadow="md"
      width={220}
      withinPortal
      withInitialFocusPlaceholder={false}
    >
      <Menu.Target>
        <button type="button" className={classes.item}>
          {icon}
          {t(`nav.${menu.id}`)}
          <ChevronDown />
        </button>
      </Menu.Target>
      <Menu.Dropdown>
        {menu.items.map((item) => {
          if (item.target.kind === 'documentation') return null;
          if (item.target.kind === 'signOut')
            return (
              <Menu.Item key={item.id} onClick={() => void signOut()} data-nav-item={item.id}>
                {t(`nav.${item.id}`)}
              </Menu.Item>
            );
          const { newWindow, ...props } = anchorProps(item.target);
          return (
            <Menu.Item
              key={item.id}
              component="a"
              {...props}
              rightSection={newWindow ? <ExternalLink /> : undefined}
              data-nav-item={item.id}
            >
              {t(`nav.${item.id}`)}
              {newWindow && <VisuallyHidden> {t('nav.opensInNewWindow')}</VisuallyHidden>}
            </Menu.Item>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}
