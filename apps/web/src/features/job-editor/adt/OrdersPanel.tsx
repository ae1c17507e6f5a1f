import {
  Button,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  Title,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import type { AdtItem, JobAdt, Order, OrderSummaryEntry, OrderTemplate } from '@quill/core/contract/adt/adt';
import type { DateTimeFormats } from '@quill/core/rules/time/jobTime';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../app/session/SessionContext';
import { AddFieldMenu } from './AddFieldMenu';
import { AdtFieldGroups } from './AdtFieldGroups';
import classes from './AdtPanels.module.css';
import { adtCellText } from './adtCellText';
import { newOrder, withItemPhysician } from './adtDraft';
import { useAdtFields } from './useAdtFields';
import { ADD_FIELD_SELECTOR, fieldSelector, useFocusField } from './useFocusField';

export interface OrdersPanelProps {
  adt: JobAdt;
  /** The facility's order template (the panel is shown only when there is one). */
  template: OrderTemplate;
  onChange: (next: JobAdt) => void;
  editable: boolean;
}

const NO_ITEMS: AdtItem[] = [];

/** A summary cell: the order's value at the column's HL7 position, dates in the user's formats. */
function cellOf(order: Order, column: OrderSummaryEntry, formats: DateTimeFormats): string {
  const item = order.outputAdtData.find(
    (i) =>
      i.hl7Identifier.segment === column.segment &&
      i.hl7Identifier.field === column.field &&
      i.hl7Identifier.component === column.component,
  );
  return adtCellText(item?.value ?? '', item?.displayDataType, formats);
}

const rowSelector = (instanceId: string) => `[data-order="${instanceId}"]`;

/**
 * Spec 02 §2 "Orders panel": the job's orders in a table of the summary columns; choosing a row
 * (its button: keyboard and mouse) shows that order's fields with Add Item; Add Order (from the
 * template) and Remove Order.
 */
export function OrdersPanel({ adt, template, onChange, editable }: OrdersPanelProps) {
  const { t } = useTranslation();
  const { userSettings } = useSession();
  const orders = adt.orderData;
  const [selectedId, setSelectedId] = useState<string | null>(orders[0]?.instanceId ?? null);
  const index = orders.findIndex((o) => o.instanceId === selectedId);
  const selected = index >= 0 ? (orders[index] as Order) : null;
  const focus = useFocusField();

  // A reload (save, Revert) gives the orders their stored ids: keep a choice that still exists.
  useEffect(() => {
    if (index < 0 && orders.length > 0) setSelectedId(orders[0]?.instanceId ?? null);
  }, [index, orders]);

  const setOrders = useCallback((next: Order[]) => onChange({ ...adt, orderData: next }), [adt, onChange]);
  const onItems = useCallback(
    (items: AdtItem[]) =>
      setOrders(orders.map((o) => (o.instanceId === selectedId ? { ...o, outputAdtData: items } : o))),
    [orders, selectedId, setOrders],
  );
  const fields = useAdtFields(selected?.outputAdtData ?? NO_ITEMS, onItems, selectedId ?? '');

  const add = () => {
    const order = newOrder(template, orders);
    setOrders([...orders, order]);
    setSelectedId(order.instanceId);
    focus.later(rowSelector(order.instanceId));
  };
  const remove = () => {
    if (!selected) return;
    const rest = orders.filter((o) => o !== selected);
    const next = rest[Math.min(index, rest.length - 1)] ?? null;
    setOrders(rest);
    setSelectedId(next?.instanceId ?? null);
    focus.later(next ? rowSelector(next.instanceId) : '[data-add-order]');
  };

  return (
    <Paper withBorder p="sm" component="section" aria-label={t('adtPanel.orders')} ref={focus.container}>
      <Title order={2} size="h5" mb="xs">
        {t('adtPanel.orders')}
      </Title>
      <Group gap={4} mb="xs">
        <Button size="compact-xs" variant="default" disabled={!editable} onClick={add} data-add-order>
          {t('adtPanel.addOrder')}
        </Button>
        <Button size="compact-xs" variant="default" disabled={!editable || !selected} onClick={remove}>
          {t('adtPanel.removeOrder')}
        </Button>
      </Group>
      {orders.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('adtPanel.noOrders')}
        </Text>
      ) : (
        <Table className={classes.ordersTable} withTableBorder aria-label={t('adtPanel.ordersTable')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                <VisuallyHidden>{t('adtPanel.orders')}</VisuallyHidden>
              </Table.Th>
              {adt.orderSummary.map((c) => (
                <Table.Th key={`${c.segment}.${c.field}.${c.component}`}>{c.displayName}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {orders.map((order, i) => {
              const chosen = order.instanceId === selectedId;
              return (
                <Table.Tr
                  key={order.instanceId}
                  className={chosen ? classes.selectedRow : undefined}
                  onClick={() => setSelectedId(order.instanceId)}
                >
                  <Table.Td>
                    <UnstyledButton
                      data-order={order.instanceId}
                      aria-pressed={chosen}
                      aria-label={t('adtPanel.chooseOrder', { n: String(i + 1) })}
                      onClick={() => setSelectedId(order.instanceId)}
                      fw={chosen ? 700 : 400}
                    >
                      {i + 1}
                    </UnstyledButton>
                  </Table.Td>
                  {adt.orderSummary.map((c) => (
                    <Table.Td key={`${c.segment}.${c.field}.${c.component}`}>
                      {cellOf(order, c, userSettings)}
                    </Table.Td>
                  ))}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
      {selected && (
        <Stack gap="xs" mt="sm">
          <Group justify="space-between" gap={4}>
            <Title order={3} size="h6">
              {t('adtPanel.orderFields', { n: String(index + 1) })}
            </Title>
            <AddFieldMenu
              label={t('adtPanel.addItem')}
              addable={fields.groups.addable}
              editable={editable}
              onAdd={(key) => {
                fields.onAdd(key);
                focus.later(fieldSelector(key));
              }}
            />
          </Group>
          <AdtFieldGroups
            key={selected.instanceId}
            groups={fields.groups}
            physicians={selected.hl7Physician}
            editable={editable}
            onValue={fields.onValue}
            onRemove={(key) => {
              fields.onRemove(key);
              focus.later(ADD_FIELD_SELECTOR);
            }}
            onPhysician={(base, physician) =>
              setOrders(
                orders.map((o) =>
                  o === selected
                    ? { ...o, hl7Physician: withItemPhysician(o.hl7Physician, base, physician) }
                    : o,
                ),
              )
            }
          />
        </Stack>
      )}
    </Paper>
  );
}
