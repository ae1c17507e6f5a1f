import { Tooltip, VisuallyHidden } from '@mantine/core';
import { LIMITS } from '@quill/core/rules/settings/constants';
import { type NavEntry, navigationItems } from '@quill/core/rules/settings/navigation';
import { Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { signOut } from '../session/accountApi';
import { accountLabel, memberTypeLabel } from '../session/accountLabels';
import { useSession } from '../session/SessionContext';
import { HelpButton } from './HelpButton';
import { ExternalLink, QuillMark, UserCircle } from './icons';
import { NavMenu } from './NavMenu';
import classes from './TopNav.module.css';
import { useNavLinkProps } from './useNavLinkProps';

function EntryView({ entry }: { entry: NavEntry }) {
  const { t } = useTranslation();
  const anchorProps = useNavLinkProps();
  if (entry.type === 'menu')
    return <NavMenu menu={entry} icon={entry.id === 'myAccount' ? <UserCircle /> : undefined} />;
  if (entry.target.kind === 'documentation') return <HelpButton />;
  if (entry.target.kind === 'signOut')
    return (
      <button type="button" className={classes.item} onClick={() => void signOut()}>
        {t(`nav.${entry.id}`)}
      </button>
    );
  const { newWindow, ...props } = anchorProps(entry.target);
  return (
    <a className={classes.item} {...props}>
      {t(`nav.${entry.id}`)}
      {newWindow && (
        <>
          <ExternalLink size={12} />
          <VisuallyHidden> {t('nav.opensInNewWindow')}</VisuallyHidden>
        </>
      )}
    </a>
  );
}

/**
 * Spec 01 §2 "Top navigation": the product name, Job Search, the Upload and User dropdowns, then
 * at the right the signed-in account, Help and My Account. What shows is decided by
 * `navigationItems` (spec 01 §6 gates) from the account's permissions.
 */
export function TopNav() {
  const { t } = useTranslation();
  const { account, userSettings } = useSession();
  // fftmBaseUrl '' means no legacy host: Job Search is Quill's own page.
  const legacyHost = userSettings.fftmBaseUrl !== '';
  const entries = useMemo(
    () => navigationItems(userSettings.permissions, { legacyHost }),
    [userSettings.permissions, legacyHost],
  );
  const left = entries.filter((e) => e.id !== 'help' && e.id !== 'myAccount');
  const right = entries.filter((e) => e.id === 'help' || e.id === 'myAccount');
  const label = accountLabel(t, account);

  return (
    <header className={classes.header}>
      <nav className={classes.bar} aria-label={t('nav.label')}>
        <Link to="/" className={classes.brand}>
          <QuillMark />
          {t('app.name')}
        </Link>
        <ul className={classes.list}>
          {left.map((entry) => (
            <li key={entry.id}>
              <EntryView entry={entry} />
            </li>
          ))}
        </ul>
        <div className={classes.spacer} />
        <Tooltip label={label} openDelay={LIMITS.tooltipDelayMs} withArrow>
          <div className={classes.account} data-testid="nav-account">
            <VisuallyHidden>{t('nav.signedInAs')} </VisuallyHidden>
            <span className={classes.accountCaption}>{memberTypeLabel(t, account.memberType)}</span>
            <span className={classes.accountName}>{label}</span>
          </div>
        </Tooltip>
        <ul className={classes.list}>
          {right.map((entry) => (
            <li key={entry.id}>
              <EntryView entry={entry} />
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}
