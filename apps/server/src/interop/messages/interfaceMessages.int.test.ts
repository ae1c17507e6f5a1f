import { MEMBER_TYPES } from '@quill/core';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.js';
import { databaseTargets } from '../../testing/databases.js';
import { buildStructure, buildUser } from '../../testing/factories.js';
import { addInterfaceMessage, adtA08 } from '../../testing/interfaceTestKit.js';
import { TestBrowser } from '../../testing/processes/browser.js';
import { createTestApp, type TestApp } from '../../testing/testContext.js';

const ACK =
  'MSH|^~\\&|QUILL|NORTH|ADT|NORTH|20261205120001||ACK^A08|Q1|P|2.5.1\rMSA|AE|F-1|No patient with this identifier';

describe.each(databaseTargets())('the Interfaces screen’s calls on $name (issue 44)', (target) => {
  let t: TestApp;
  let manager: TestBrowser;
  let clerk: TestBrowser;
  const ids: Record<string, number> = {};
  let otherId: number;

  beforeAll(async () => {
    t = await createTestApp(target);
    const north = await buildStructure(t.ctx, { name: 'North' });
    const south = await buildStructure(t.ctx, { name: 'South' });
    const m = await buildUser(t.ctx, {
      accounts: [
        { companyId: north.structure.id, memberType: MEMBER_TYPES.manager, permissions: ['adtUpload'] },
      ],
    });
    const c = await buildUser(t.ctx, {
      accounts: [{ companyId: north.structure.id, permissions: ['jobView'] }],
    });
    manager = new TestBrowser(t.app);
    await manager.signInAs(m.user.username, m.password, m.accounts[0]!.id);
    clerk = new TestBrowser(t.app);
    await clerk.signInAs(c.user.username, c.password, c.accounts[0]!.id);
    const cs = north.structure.id;
    ids.failed = await addInterfaceMessage(t.ctx, { corporateStructureId: cs, controlId: 'F-1', ack: ACK });
    ids.applied = await addInterfaceMessage(t.ctx, {
      corporateStructureId: cs,
      status: 'applied',
      error: null,
    });
    ids.mdm = await addInterfaceMessage(t.ctx, {
      corporateStructureId: cs,
      direction: 'out',
      status: 'acknowledged',
      messageType: 'MDM^T02',
      error: null,
    });
    ids.resendable = await addInterfaceMessage(t.ctx, {
      corporateStructureId: cs,
      clientFacilityId: north.facilities[0]!.id,
      controlId: 'R-1',
      raw: adtA08('R-1', 'RS-2002'),
    });
    otherId = await addInterfaceMessage(t.ctx, { corporateStructureId: south.structure.id });
    await addInterfaceMessage(t.ctx, { corporateStructureId: null, controlId: 'UNMAPPED' });
  });
  afterAll(async () => t?.close());

  it('lists the caller’s structures’ messages, newest first, by status, direction, type and day', async () => {
    const all = (await manager.get('/api/interfaces/messages')).json();
    expect(all.total).toBe(4);
    expect(all.rows.map((r: { id: number }) => r.id)).toEqual([
      ids.resendable,
      ids.mdm,
      ids.applied,
      ids.failed,
    ]);
    const pick = async (q: string) =>
      (await manager.get(`/api/interfaces/messages?${q}`)).json().rows.map((r: { id: number }) => r.id);
    expect(await pick('status=failed')).toEqual([ids.resendable, ids.failed]);
    expect(await pick('direction=out')).toEqual([ids.mdm]);
    expect(await pick('type=ADT')).toEqual([ids.resendable, ids.applied, ids.failed]);
    expect(await pick('type=MDM%5ET02')).toEqual([ids.mdm]);
    const today = new Date().toISOString().slice(0, 10);
    expect(await pick(`from=${today}&to=${today}`)).toHaveLength(4);
    expect(await pick('to=2000-01-01')).toEqual([]);
    const bad = await manager.get('/api/interfaces/messages?from=05%2F12%2F2026&pageSize=7');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toMatch(/from must be a date as YYYY-MM-DD/);
  });

  it('shows one message and its ACK segment by segment, and audits the read', async () => {
    const res = await manager.get(`/api/interfaces/messages/${ids.failed}`);
    expect(res.statusCode).toBe(200);
    const view = res.json();
    expect(view.segments.map((s: { id: string }) => s.id)).toEqual(['MSH', 'EVN', 'PID', 'PV1']);
    const pid = view.segments[2].fields;
    expect(pid).toContainEqual({
      position: 'PID-5',
      name: 'Patient Name',
      value: 'Kit^Tessa',
      fullLength: null,
    });
    expect(view.ack[1].fields[0]).toMatchObject({
      position: 'MSA-1',
      name: 'Acknowledgment Code',
      value: 'AE',
    });
    expect([view.canResend, view.canMarkHandled]).toEqual([true, true]);
    const audited = await t.ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'interface.message.read'), eq(auditLog.outcome, 'success')));
    expect(audited).toHaveLength(1);
    expect(JSON.stringify(audited[0])).not.toMatch(/Tessa|TK-1001/);
  });

  it('marks a failed message handled once; another company’s is not found; without adtUpload it is refused', async () => {
    const done = await manager.post('/api/interfaces/messages/handled', { messageId: ids.failed });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ status: 'handled', handledAt: expect.any(String) });
    const again = await manager.post('/api/interfaces/messages/handled', { messageId: ids.failed });
    expect([again.statusCode, again.json().error.message]).toEqual([
      409,
      'Only a failed message can be marked handled; this one is handled',
    ]);
    expect((await manager.get('/api/interfaces/messages?status=failed')).json().total).toBe(1);
    expect((await manager.get(`/api/interfaces/messages/${otherId}`)).statusCode).toBe(404);
    expect((await manager.post('/api/interfaces/messages/handled', { messageId: otherId })).statusCode).toBe(
      404,
    );
    const refused = await clerk.get('/api/interfaces/messages');
    expect([refused.statusCode, refused.json().error.message]).toEqual([
      403,
      'You do not have permission to see the interface messages',
    ]);
  });

  it('resends a failed inbound message: applied again from its logged bytes; an applied one is refused', async () => {
    const res = await manager.post('/api/interfaces/messages/resend', { messageId: ids.resendable });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'applied', ackCode: 'AA', error: null });
    const patient = await t.ctx.database.executeSql(
      "select count(*)::int as n from patients where mrn = 'RS-2002'",
      [],
    );
    expect(Number(patient.rows[0]?.n)).toBe(1);
    const again = await manager.post('/api/interfaces/messages/resend', { messageId: ids.resendable });
    expect([again.statusCode, again.json().error.message]).toEqual([
      409,
      'This message is applied: there is nothing to send again',
    ]);
    expect((await manager.post('/api/interfaces/messages/resend', { messageId: otherId })).statusCode).toBe(
      404,
    );
  });
});
