import { ActionIcon, Checkbox, Fieldset, Group, Select, Stack, Text } from '@mantine/core';
import type { Grantable, UserAccount } from '@quill/core/contract/users';
import type { Permission } from '@quill/core/rules/auth/permissions';
import { PERMISSION_GROUPS } from '@quill/core/rules/auth/userAdmin';
import { PHYSICIAN_LINK_MEMBER_TYPE } from '@quill/core/rules/recipients/physicianDirectory';
import { useTranslation } from 'react-i18next';
import { PhysicianLinkSelect } from '../reference-data/physicians/PhysicianLinkSelect';
import { memberTypeOptions } from './memberTypes';
import classes from './Users.module.css';

/**
 * One account of a user: company, member type, the structures it may see and its permissions,
 * grouped and explained. What the manager's own account lacks shows but cannot be ticked on (the
 * server refuses it too); a permission the user already has may still be taken away. A dictator
 * account links to its physician in the directory (an enabled physician of the account's company);
 * changing the company or the member type away from dictator drops the link.
 */
export function AccountEditor({
  n,
  account,
  grantable,
  onChange,
  onRemove,
}: {
  n: number;
  account: UserAccount;
  grantable: Grantable;
  onChange: (a: UserAccount) => void;
  onRemove?: () => void;
}) {
  const { t } = useTranslation();
  const may = new Set<string>(grantable.permissions);
  const toggle = (p: Permission, on: boolean) =>
    onChange({
      ...account,
      permissions: on ? [...account.permissions, p] : account.permissions.filter((x) => x !== p),
    });
  const toggleAccess = (id: number, on: boolean) =>
    onChange({ ...account, access: on ? [...account.access, id] : account.access.filter((x) => x !== id) });
  const legend = t('users.account', { n: String(n) });
  return (
    <Fieldset legend={legend} className={classes.account}>
      <Stack gap="xs">
        <Group align="flex-end">
          <Select
            label={t('users.company')}
            data={grantable.structures.map((s) => ({ value: String(s.id), label: s.name }))}
            value={String(account.companyId)}
            onChange={(v) =>
              v &&
              Number(v) !== account.companyId &&
              onChange({ ...account, companyId: Number(v), physicianId: null, physicianName: null })
            }
            allowDeselect={false}
          />
          <Select
            label={t('users.memberType')}
            data={memberTypeOptions(t)}
            value={String(account.memberType)}
            onChange={(v) => {
              if (!v) return;
              const memberType = Number(v);
              const keepsLink = memberType === PHYSICIAN_LINK_MEMBER_TYPE;
              onChange({
                ...account,
                memberType,
                ...(keepsLink ? {} : { physicianId: null, physicianName: null }),
              });
            }}
            allowDeselect={false}
          />
          {onRemove && (
            <ActionIcon variant="subtle" onClick={onRemove} aria-label={`${legend}: ✕`}>
              ✕
            </ActionIcon>
          )}
        </Group>
        {account.memberType === PHYSICIAN_LINK_MEMBER_TYPE && (
          <PhysicianLinkSelect
            key={account.companyId}
            label={t('users.physicianSearch')}
            companyId={account.companyId}
            value={
              account.physicianId === null
                ? null
                : { id: account.physicianId, name: account.physicianName ?? String(account.physicianId) }
            }
            onChange={(link) =>
              onChange({ ...account, physicianId: link?.id ?? null, physicianName: link?.name ?? null })
            }
          />
        )}
        {grantable.structures.length > 1 && (
          <Fieldset variant="unstyled" legend={t('users.access')}>
            <Group>
              {grantable.structures.map((s) => (
                <Checkbox
                  key={s.id}
                  label={s.name}
                  checked={s.id === account.companyId || account.access.includes(s.id)}
                  disabled={s.id === account.companyId}
                  onChange={(e) => toggleAccess(s.id, e.currentTarget.checked)}
                />
              ))}
            </Group>
          </Fieldset>
        )}
        <Text fw={600} size="sm">
          {t('users.permissions')}
        </Text>
        <div className={classes.groups}>
          {Object.entries(PERMISSION_GROUPS).map(([group, flags]) => (
            <Fieldset
              key={group}
              variant="unstyled"
              legend={t(`users.permissionGroups.${group as keyof typeof PERMISSION_GROUPS}`)}
            >
              <Stack gap={4} mt={4}>
                {flags.map((p) => {
                  const held = account.permissions.includes(p);
                  return (
                    <Checkbox
                      key={p}
                      label={t(`users.permissionNames.${p}`)}
                      checked={held}
                      disabled={!held && !may.has(p)}
                      onChange={(e) => toggle(p, e.currentTarget.checked)}
                    />
                  );
                })}
              </Stack>
            </Fieldset>
          ))}
        </div>
      </Stack>
    </Fieldset>
  );
}
