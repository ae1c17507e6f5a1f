import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import {
  type AttachmentApiCredentials,
  AttachmentApiCredentialsSchema,
  attachmentSearchQuery,
  localDay,
} from '@quill/core';
import type { AppContext } from '../context.js';
import { attachments } from '../db/schema/index.js';
import { buildPatient, buildStructure, buildUser } from './factories.js';
import { TestBrowser } from './processes/browser.js';
import type { TestApp } from './testContext.js';

const DAY_MS = 86_400_000;

/** A small PDF's bytes (the intake reads the type from its first bytes). */
export function pdfBytes(text = 'lab results'): Buffer {
  return Buffer.from(`%PDF-1.4\n% ${text}\n${randomBytes(64).toString('hex')}\n%%EOF\n`, 'latin1');
}

/** A PNG signature and a little more (enough for the intake's type check). */
export function pngBytes(): Buffer {
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(200)]);
}

/** An attachment row with its file in the blob store; answers its id. */
export async function addAttachment(
  ctx: Pick<AppContext, 'database' | 'blobs'>,
  clientFacilityId: number,
  at: Date,
  opts: {
    name?: string;
    description?: string;
    bytes?: Buffer;
    mimeType?: string;
    patientId?: number;
    visitId?: number;
  } = {},
): Promise<string> {
  const bytes = opts.bytes ?? pdfBytes();
  const blob = await ctx.blobs.putContent(bytes, { prefix: 'attachments', extension: 'pdf' });
  const [row] = await ctx.database.db
    .insert(attachments)
    .values({
      clientFacilityId,
      patientId: opts.patientId ?? null,
      visitId: opts.visitId ?? null,
      name: opts.name ?? `Lab results ${at.toISOString().slice(0, 10)}.pdf`,
      description: opts.description ?? 'Outside laboratory results',
      mimeType: opts.mimeType ?? 'application/pdf',
      blobKey: blob.key,
      size: blob.size,
      contextStartAt: at,
    })
    .returning({ id: attachments.id });
  return row!.id;
}

/** An instant `days` days before now (negative: after). */
export const daysAgo = (days: number, now = Date.now()) => new Date(now - days * DAY_MS);

/** The search's path and query for the days `fromDaysAgo` … `toDaysAgo` before today, as the modal sends them. */
export function searchUrl(clientFacilityId: number, fromDaysAgo: number, toDaysAgo = 0): string {
  const q = attachmentSearchQuery(localDay(daysAgo(fromDaysAgo)), localDay(daysAgo(toDaysAgo)))!;
  return `/Attachments/v1/Company/${clientFacilityId}?AfterDateUtc=${q.AfterDateUtc}&BeforeInclusiveDateUtc=${q.BeforeInclusiveDateUtc}`;
}

/** The Authorization header of a credential. */
export const basic = (c: Pick<AttachmentApiCredentials, 'credentials'>) => ({
  authorization: `Basic ${c.credentials}`,
});

/** GetAttachmentApiCredentials as the browser calls it; throws unless it answered. */
export async function credentialsOf(b: TestBrowser): Promise<AttachmentApiCredentials> {
  const res = await b.get('/api/Account/GetAttachmentApiCredentials');
  if (res.statusCode !== 200) throw new Error(`credentials: ${res.statusCode} ${res.body}`);
  return AttachmentApiCredentialsSchema.parse(res.json());
}

/** Every file under the test app's blob store (to see that a refused intake stored nothing). */
export async function blobFiles(t: Pick<TestApp, 'dataDir'>): Promise<string[]> {
  const entries = await readdir(join(t.dataDir, 'blobs'), { recursive: true, withFileTypes: true }).catch(
    () => [],
  );
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

/**
 * Two tenants for the attachments tests: North (two facilities, a patient with a visit) and South
 * (one facility, a patient); a North user with every permission (`north`), one with jobView only
 * (`noPatientData`), one with every permission but adtUpload (`noUpload`) and a South user.
 */
export async function buildAttachmentWorld(t: TestApp) {
  const north = await buildStructure(t.ctx, { name: 'North', facilities: 2 });
  const south = await buildStructure(t.ctx, { name: 'South' });
  const northPatient = await buildPatient(t.ctx, north.structure.id, { first: 'Ada', last: 'Lovelace' });
  const southPatient = await buildPatient(t.ctx, south.structure.id, { first: 'Alan', last: 'Turing' });
  const { visits } = await import('../db/schema/index.js');
  const [northVisit] = await t.ctx.database.db
    .insert(visits)
    .values({ patientId: northPatient.id, visitNumber: 'V-100' })
    .returning();
  const signedIn = async (companyId: number, permissions?: readonly string[]) => {
    const u = await buildUser(t.ctx, { accounts: [{ companyId, ...(permissions ? { permissions } : {}) }] });
    const b = new TestBrowser(t.app);
    await b.signInAs(u.user.username, u.password, u.accounts[0]!.id);
    return { browser: b, user: u.user, account: u.accounts[0]! };
  };
  const { PERMISSIONS } = await import('@quill/core');
  return {
    north,
    south,
    northPatient,
    southPatient,
    northVisit: northVisit!,
    signedIn,
    north1: await signedIn(north.structure.id),
    southUser: await signedIn(south.structure.id),
    noPatientData: await signedIn(north.structure.id, ['jobView']),
    noUpload: await signedIn(
      north.structure.id,
      PERMISSIONS.filter((p) => p !== 'adtUpload'),
    ),
  };
}
