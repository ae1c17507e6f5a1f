import type { JobAdt } from '@quill/core/contract/adt/adt';
import { ADT_DATA_TYPES } from '@quill/core/contract/schedule';
import { enUS } from '@quill/core/i18n/enUS';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithSession } from '../../job-list/testing/renderWithSession';
import { OrdersPanel } from './OrdersPanel';
import { adtItem, jobAdt } from './testing';

const p = enUS.adtPanel;

function setup(adt: JobAdt = jobAdt(), editable = true) {
  let current = adt;
  function Harness() {
    const [value, setValue] = useState(adt);
    return (
      <OrdersPanel
        adt={value}
        template={adt.orderTemplate!}
        onChange={(next) => {
          current = next;
          setValue(next);
        }}
        editable={editable}
      />
    );
  }
  renderWithSession(<Harness />);
  return { last: () => current };
}

const table = () => screen.getByRole('table', { name: p.ordersTable });
const rows = () => within(table()).getAllByRole('row').slice(1);
const choose = (n: number) => screen.getByRole('button', { name: `Show order ${n}` });

describe('OrdersPanel', () => {
  it("shows the orders with the summary columns and the chosen order's fields", () => {
    setup();
    expect(
      within(table())
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual([p.orders, 'Order Number', 'Ordered Procedure']);
    expect(rows().map((r) => r.textContent)).toEqual(['1ORD-1Chest X-ray']);
    expect(choose(1).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('heading', { name: 'Order 1' })).toBeTruthy();
    expect(screen.getByLabelText('Order Number')).toHaveProperty('value', 'ORD-1');
  });

  it("shows a date-time column in the user's date and time formats", () => {
    const base = jobAdt();
    const ordered = adtItem({
      hl7Identifier: { segment: 'OBR', field: 7, component: 1 },
      displayName: 'Order Date/Time',
      dataType: ADT_DATA_TYPES.dateTime,
      value: '2026-07-27T13:03:05',
      ordinal: 14,
    });
    const order = base.orderData[0]!;
    setup({
      ...base,
      orderData: [{ ...order, outputAdtData: [...order.outputAdtData, ordered] }],
      orderSummary: [...base.orderSummary, { ...ordered.hl7Identifier, displayName: 'Order Date/Time' }],
    });
    expect(rows().map((r) => r.textContent)).toEqual(['1ORD-1Chest X-ray07/27/2026 13:03']);
  });

  it('adds an order from the template, edits it, and removes it again', async () => {
    const { last } = setup();
    fireEvent.click(screen.getByRole('button', { name: p.addOrder }));
    expect(rows()).toHaveLength(2);
    expect(choose(2).getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(choose(2)));
    fireEvent.change(screen.getByLabelText('Order Number'), { target: { value: 'ORD-2' } });
    expect(last().orderData.map((o) => o.outputAdtData[0]?.value)).toEqual(['ORD-1', 'ORD-2']);
    expect(rows()[1]?.textContent).toContain('ORD-2');

    fireEvent.click(choose(1));
    expect(screen.getByLabelText('Order Number')).toHaveProperty('value', 'ORD-1');
    fireEvent.click(choose(2));
    fireEvent.click(screen.getByRole('button', { name: p.removeOrder }));
    expect(last().orderData.map((o) => o.instanceId)).toEqual(['501']);
    expect(rows()).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: p.removeOrder }));
    expect(last().orderData).toEqual([]);
    expect(screen.getByText(p.noOrders)).toBeTruthy();
  });

  it("adds and removes an order's optional items", async () => {
    const { last } = setup();
    expect(screen.queryByLabelText('Priority')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: p.addItem }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Priority', hidden: true }));
    fireEvent.change(screen.getByLabelText('Priority'), { target: { value: 'High' } });
    expect(last().orderData[0]?.outputAdtData.find((i) => i.displayName === 'Priority')?.value).toBe('High');
    fireEvent.click(screen.getByRole('button', { name: 'Remove Priority' }));
    expect(last().orderData[0]?.outputAdtData.find((i) => i.displayName === 'Priority')?.value).toBeNull();
    expect(screen.queryByLabelText('Priority')).toBeNull();
  });

  it('changes nothing when it cannot be edited', () => {
    setup(jobAdt(), false);
    for (const name of [p.addOrder, p.removeOrder, p.addItem])
      expect(screen.getByRole('button', { name })).toHaveProperty('disabled', true);
    // Choosing an order to read it works in view mode too.
    expect(choose(1)).toHaveProperty('disabled', false);
  });
});
