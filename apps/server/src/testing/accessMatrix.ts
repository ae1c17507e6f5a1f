import type { ENDPOINTS, Permission } from '@quill/core';
import { pdfBytes, searchUrl } from './attachmentTestKit.js';
import { multipartBody, toneWav } from './audioTestKit.js';
import { cdaFixture } from './documents/documentTestKit.js';
import type { TestBrowser } from './processes/browser.js';
import { wordDocument } from './wopiTestKit.js';

/**
 * The access matrix of issue 23 (suite 1): one entry per endpoint of the endpoint table, saying
 * how to build a valid call of it with one tenant's ids, which credential it takes and which
 * permission gate (spec 01 §6, spec 02 §3) it needs. http/accessMatrix.int.test.ts runs every
 * entry without a session, as each demo role, and with another tenant's ids, and fails for an
 * endpoint without an entry here (and for an entry without an endpoint).
 */

/** The ids of one tenant's records a call may name (the demo's, or the test's other tenant). */
export interface Tenant {
  corpId: number;
  cfId: number;
  /** A CDA job with a patient, audio and a dictator, not finished. */
  jobId: number;
  /** A job whose current document is Word. */
  docxJobId: number;
  workTypeId: number;
  dictatorId: number;
  physicianId: number;
  patientId: number;
  uploadId: number;
  attachmentId: string;
  /** An account (memberId) of the tenant. */
  memberId: number;
  /** A user of the tenant no caller signs in as (the Users pages' target). */
  userId: number;
  /** getjobdata of `jobId`, as SetJobDataRequest (jobDataBody). */
  jobData: Record<string, unknown> & { jobId: number };
  /** A failed delivery of `jobId` (automatic distribution, issue 43), for Redirect. */
  failedDeliveryId: number;
  /** A failed inbound message of the tenant's interface log (issue 44). */
  interfaceMessageId: number;
  /** A booking cookie of `jobId` (the other tenant's: its own editor's live booking). */
  bookingCookie: string | null;
}

/** Who calls: no session, or a user signed in (a demo role, or a test account of the demo's tenant). */
export interface Caller {
  name: string;
  /** Its cookies (the caller without a session has the XSRF cookie pair only). */
  browser: TestBrowser;
  signedIn: boolean;
  account: boolean;
  /** The account the caller works as (null without one). */
  memberId: number | null;
  permissions: ReadonlySet<string>;
  /** The attachments service's basic credential issued to this caller (null without one). */
  attachmentAuth: string | null;
  /** A WOPI access token for the own tenant's Word job (null without one). */
  wopiToken: string | null;
  /** Works in another company than the demo tenant's: the demo's ids are another tenant's to it. */
  elsewhere?: boolean;
  /** The password the caller signed in with (a signature asks for it again, issue 43). */
  password?: string;
}

export interface MatrixCall {
  method: 'GET' | 'POST';
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
}

/** What a call builder gets: the caller, the tenant whose ids to use, and a way to call first. */
export interface MatrixScene {
  caller: Caller;
  t: Tenant;
  own: Tenant;
  /** True when `t` is another tenant's. */
  foreign: boolean;
  /** Makes a call as the caller (session cookie and CSRF token), for a call's set-up. */
  send(call: MatrixCall): Promise<{ statusCode: number; json(): unknown }>;
}

/**
 * The gate: `public` (anyone), `user` (signed in, any or no account), or `account` (a chosen
 * account) with every permission of `all` and one of `any`.
 */
export type Gate =
  | { kind: 'public' }
  | { kind: 'user' }
  | { kind: 'account'; all?: readonly Permission[]; any?: readonly Permission[] };

export interface MatrixEntry {
  /**
   * `session`: cookie + CSRF; `public`: no credential needed (with the reason); `attachments`:
   * the attachments service's basic credential; `wopi`: the WOPI access_token.
   */
  credential: 'session' | 'public' | 'attachments' | 'wopi';
  gate: Gate;
  /** Why a call is public. */
  publicBecause?: string;
  /** Builds a valid call with the tenant `s.t`'s ids. */
  call(s: MatrixScene): MatrixCall | Promise<MatrixCall>;
  /** False when the call names no tenant's ids (no other-tenant check). */
  tenantIds?: boolean;
  /** The call names the caller's own ids (its account), not the demo tenant's. */
  callerIds?: boolean;
  /** Answers of a permitted caller with its own ids (default: the endpoint's success status). */
  ok?: readonly number[] | ((c: Caller) => readonly number[]);
  /** The answer without a session, when not 401 (public calls: `ok`). */
  anonymous?: readonly number[];
  /** The answer of a signed-in caller that fails the gate, when not 403. */
  refusal?: number;
  /**
   * The answer for another tenant's ids of a permitted caller, when not 404 (`demoIds`: the ids
   * are the demo tenant's, another tenant's to a caller working `elsewhere`).
   */
  foreign?: readonly number[] | ((c: Caller, demoIds: boolean) => readonly number[]);
  /** Ends the caller's session: run last for each caller. */
  endsSession?: boolean;
}

const PUBLIC: Gate = { kind: 'public' };
const USER: Gate = { kind: 'user' };
const ACCOUNT: Gate = { kind: 'account' };
const all = (...perms: Permission[]): Gate => ({ kind: 'account', all: perms });
const any = (...perms: Permission[]): Gate => ({ kind: 'account', any: perms });
/** Spec 01 §6 "See patient name": adtView, adtEdit or jobEditAdt (with jobView for job data). */
const PATIENT_DATA: Gate = { kind: 'account', all: ['jobView'], any: ['adtView', 'adtEdit', 'jobEditAdt'] };

const get = (url: string, headers?: Record<string, string>): MatrixCall => ({
  method: 'GET',
  url,
  ...(headers ? { headers } : {}),
});
const post = (url: string, payload?: unknown, headers?: Record<string, string>): MatrixCall => ({
  method: 'POST',
  url,
  ...(payload === undefined ? {} : { payload }),
  ...(headers ? { headers } : {}),
});
const form = (url: string, fields: Record<string, string>, files: Parameters<typeof multipartBody>[1]) => {
  const body = multipartBody(fields, files);
  return post(url, body.payload, body.headers);
};

/** A booking cookie format-valid but held by no one. */
const NO_BOOKING = 'matrix-no-such-booking';

/**
 * A booking cookie of the tenant's job for the caller: the other tenant's live booking, or the
 * caller's own (booked out now when it may; NO_BOOKING when it may not or the job is held).
 */
async function cookieOf(s: MatrixScene, jobId = s.t.jobId): Promise<string> {
  if (s.foreign) return s.t.bookingCookie ?? NO_BOOKING;
  if (!s.caller.signedIn) return NO_BOOKING;
  const res = await s.send(post('/api/job/bookoutjob', { jobId }));
  return res.statusCode === 200
    ? ((res.json() as { bookingCookie?: string }).bookingCookie ?? NO_BOOKING)
    : NO_BOOKING;
}

/**
 * A write under the caller's booking of the tenant's job (jobEdit, spec 02 §6): 200, or 409 when
 * another caller of the matrix holds the job now.
 */
const bookedWrite = (
  path: string,
  body: (s: MatrixScene, bookingCookie: string) => object,
  jobOf: (s: MatrixScene) => number = (s) => s.t.jobId,
): MatrixEntry => ({
  credential: 'session',
  gate: all('jobEdit'),
  ok: [200, 409],
  call: async (s) => post(path, body(s, await cookieOf(s, jobOf(s)))),
});

/** The URL of a call naming the tenant's job in its query. */
const jobUrl = (path: string) => (s: MatrixScene) => `${path}?jobId=${s.t.jobId}`;
/** A GET with the session cookie that names no tenant's ids. */
const plain = (gate: Gate, url: string): MatrixEntry => ({
  credential: 'session',
  gate,
  tenantIds: false,
  call: () => get(url),
});
/** A GET with the session cookie of a URL naming the tenant's ids. */
const read = (gate: Gate, url: (s: MatrixScene) => string): MatrixEntry => ({
  credential: 'session',
  gate,
  call: (s) => get(url(s)),
});
const wopiUrl = (s: MatrixScene, suffix = '') => {
  const fileId = s.foreign ? s.t.docxJobId : s.own.docxJobId;
  const token = s.caller.wopiToken;
  return `/wopi/files/${fileId}${suffix}${token ? `?access_token=${token}` : ''}`;
};
const basic = (s: MatrixScene): Record<string, string> =>
  s.caller.attachmentAuth ? { authorization: `Basic ${s.caller.attachmentAuth}` } : {};
const lists = (s: MatrixScene) => `corpId=${s.t.corpId}&cfs=${s.t.cfId}`;
const headingsBody = (s: MatrixScene) => ({
  companyId: s.t.cfId,
  companyName: 'Matrix facility',
  fileName: 'schedule.csv',
  revisedFileName: 'matrix-missing-upload.csv',
  mappingItems: [
    {
      fileHeading: 'Last',
      sample: 'Probe',
      adtDefinition: null,
      dateTimeFormat: null,
      compositeColumnFormat: null,
      isIgnored: true,
      isSubField: false,
      splitTimeHeading: null,
    },
  ],
  mappingsExist: false,
  actionType: 0,
});

const SCHEDULE_CSV = Buffer.from('Last,First\nProbe,Matrix\n');
const validateHeadings = (s: MatrixScene, formType: '0' | '1') =>
  form('/api/schedule/validateheadings', { companyId: String(s.t.cfId), mshActionType: '0', formType }, [
    { filename: 'schedule.csv', contentType: 'text/csv', bytes: SCHEDULE_CSV },
  ]);

/**
 * A submit of mapped headings: of the file the caller has just validated when it may (its own
 * tenant), otherwise of a file never uploaded (the gates answer before the file is looked for).
 */
async function submitHeadings(s: MatrixScene, formType: '0' | '1') {
  const body = headingsBody(s);
  if (s.foreign || !s.caller.signedIn) return body;
  const res = await s.send(validateHeadings(s, formType));
  if (res.statusCode !== 200) return body;
  const v = res.json() as { fileName: string; revisedFileName: string; mappingItems: unknown[] };
  return { ...body, fileName: v.fileName, revisedFileName: v.revisedFileName, mappingItems: v.mappingItems };
}

type Table = typeof ENDPOINTS;
/**
 * An entry for every endpoint of every area, by the table's own names (spellings of a served path
 * excepted). Optional, so that the suite names every endpoint still without one rather than the
 * type check stopping at the first.
 */
export type AccessMatrix = {
  [A in keyof Table]: { [N in keyof Table[A]]?: MatrixEntry };
};

export const ACCESS_MATRIX: AccessMatrix = {
  account: {
    authenticated: {
      credential: 'public',
      gate: PUBLIC,
      publicBecause: 'tells the web app whether to show the sign-in page; answers only true/false',
      tenantIds: false,
      call: () => get('/api/account/authenticated'),
    },
    login: {
      credential: 'public',
      gate: PUBLIC,
      publicBecause: 'signing in; needs the CSRF pair only (signs in the matrix’s own test user)',
      tenantIds: false,
      call: () => post('/api/account/login', { username: 'matrix-login', password: 'secret-password' }),
    },
    scheme: {
      credential: 'public',
      gate: PUBLIC,
      publicBecause: 'serves the sign-in page (local scheme)',
      tenantIds: false,
      ok: [302],
      call: () => get('/api/account/scheme/local'),
    },
    oidcCallback: {
      credential: 'public',
      gate: PUBLIC,
      publicBecause:
        'the identity provider’s redirect back; without a sign-on under way it answers 400 (expired)',
      tenantIds: false,
      ok: [400],
      call: () => get('/api/account/oidc/callback?code=x&state=y'),
    },
    userSummaries: plain(USER, '/api/Account/GetUserSummaries'),
    setUserSummary: {
      credential: 'session',
      gate: USER,
      // Another user's account, of any tenant, is refused alike (403, existing or not: no oracle).
      foreign: [403],
      callerIds: true,
      ok: (c) => (c.memberId === null ? [403] : [200]),
      // The caller's own account (the no-account user has none: the manager's is not its own).
      call: (s) =>
        post(
          `/api/Account/SetUserSummary/${s.foreign ? s.t.memberId : (s.caller.memberId ?? s.own.memberId)}`,
        ),
    },
    signOut: {
      credential: 'session',
      gate: USER,
      tenantIds: false,
      endsSession: true,
      // Answers where to sign in again, with or without a session (a POST with the CSRF check).
      anonymous: [200],
      call: () => post('/api/account/SignOut'),
    },
    userSettings: plain(ACCOUNT, '/api/settings/user'),
    fftmUrl: plain(USER, '/api/settings/fftmUrl'),
    applicationSettings: plain(USER, '/api/settings/applicationSettings'),
    tenantUrl: plain(USER, '/api/settings/tenantUrl?tenant=manager'),
    documentationLink: plain(USER, '/api/documentation/link'),
    heartbeatIdle: plain(USER, '/api/heartbeat/Idle'),
    heartbeatActive: plain(USER, '/api/heartbeat/Active'),
  },
  profile: {
    profile: plain(USER, '/api/profile'),
    saveDetails: {
      credential: 'session',
      gate: USER,
      tenantIds: false,
      // The caller's own details sent back as they are: the matrix changes no one's name.
      call: async (s) => {
        const res = s.caller.signedIn ? await s.send(get('/api/profile')) : null;
        const own = res?.statusCode === 200 ? (res.json() as { name: string; email: string | null }) : null;
        return post('/api/profile/details', { name: own?.name ?? 'Matrix caller', email: own?.email ?? '' });
      },
    },
    changePassword: {
      credential: 'session',
      gate: USER,
      tenantIds: false,
      // A wrong current password: refused (400) without changing anything.
      ok: [400],
      call: () =>
        post('/api/profile/password', {
          currentPassword: 'not the password',
          newPassword: 'river stone lamp ward',
        }),
    },
    endOtherSessions: {
      credential: 'session',
      gate: USER,
      tenantIds: false,
      call: () => post('/api/profile/sessions/endOthers'),
    },
  },
  users: {
    search: plain(all('dictatorView'), '/api/users?q=a'),
    grantable: plain(all('dictatorAdd'), '/api/users/grantable'),
    user: read(all('dictatorView'), (s) => `/api/users/${s.t.userId}`),
    create: {
      credential: 'session',
      gate: all('dictatorAdd'),
      // Another tenant's company is not the caller's to give: refused before anything is written.
      foreign: [403],
      call: (s) =>
        post('/api/users', {
          userName: `matrix-${s.caller.name.replace(/\W+/g, '-')}-${Date.now()}`,
          name: 'Matrix user',
          email: '',
          accounts: [{ companyId: s.t.corpId, memberType: 2, permissions: [], access: [] }],
        }),
    },
    save: {
      credential: 'session',
      gate: all('dictatorAdd'),
      // The target's details sent back unchanged (read first when the caller may).
      call: async (s) => {
        const res = s.foreign || !s.caller.signedIn ? null : await s.send(get(`/api/users/${s.t.userId}`));
        const user =
          res?.statusCode === 200
            ? (res.json() as { name: string; email: string | null; accounts: unknown[] })
            : null;
        return post(`/api/users/${s.t.userId}`, {
          name: user?.name ?? 'Matrix target',
          email: user?.email ?? '',
          accounts: user?.accounts ?? [{ companyId: s.t.corpId, memberType: 2, permissions: [], access: [] }],
        });
      },
    },
    disable: {
      credential: 'session',
      gate: all('dictatorAdd'),
      call: (s) => post(`/api/users/${s.t.userId}/disable`),
    },
    enable: {
      credential: 'session',
      gate: all('dictatorAdd'),
      call: (s) => post(`/api/users/${s.t.userId}/enable`),
    },
    passwordLink: {
      credential: 'session',
      gate: all('dictatorAdd'),
      call: (s) => post(`/api/users/${s.t.userId}/passwordLink`),
    },
    passwordLinkInfo: {
      credential: 'public',
      gate: PUBLIC,
      publicBecause: 'the set-password link’s token is the credential; an unknown token is 404',
      tenantIds: false,
      ok: [404],
      call: () => post('/api/account/passwordLink', { token: 'matrix-no-such-link' }),
    },
    setPassword: {
      credential: 'public',
      gate: PUBLIC,
      publicBecause: 'the set-password link’s token is the credential; an unknown token is 404',
      tenantIds: false,
      ok: [404],
      call: () =>
        post('/api/account/setPassword', {
          token: 'matrix-no-such-link',
          newPassword: 'lamp river stone ward',
        }),
    },
  },
  reference: {
    facilities: plain(all('dictatorView'), '/api/reference/facilities'),
  },
  // Issue 27: the turnaround report of one facility (dictatorAdd; another company's facility is
  // 404), and the caller's own productivity (any account; it names no one else's ids).
  reports: {
    facilities: plain(all('dictatorAdd'), '/api/reports/facilities'),
    tatExport: read(
      all('dictatorAdd'),
      (s) => `/api/reports/tat.xlsx?cf=${s.t.cfId}&from=2026-01-01&to=2026-12-31`,
    ),
  },
  productivity: {
    me: plain(ACCOUNT, '/api/productivity/me?tz=America%2FChicago'),
  },
  // Reference data of one facility (issue 26; work type templates, issue 27): reading needs
  // dictatorView, changing dictatorAdd.
  facilityLists: (() => {
    // Each write names a row the matrix added itself (when the caller may add one with the tenant's
    // ids), so the demo's own work types, departments and locations stay as they are.
    let n = 0;
    const base = (s: MatrixScene) => `/api/reference/${s.t.cfId}`;
    const body = {
      workTypes: () => ({
        number: 90_000 + (++n % 9_999),
        name: 'Matrix work type',
        enableAddressee: true,
        minAddressees: 0,
        maxAddressees: 2,
        allowPatientAsRecipient: true,
      }),
      departments: () => ({ name: `Matrix department ${++n}` }),
      locations: () => ({ code: `MX${++n}`, name: 'Matrix location', auto: false }),
    };
    type List = keyof typeof body;
    const add = (list: List): MatrixEntry => ({
      credential: 'session',
      gate: all('dictatorAdd'),
      call: (s) => post(`${base(s)}/${list}`, body[list]()),
    });
    /** Edits (`suffix` '') or deletes ('/delete') a row added first; else `fallback`, refused before it is read. */
    const change = (
      list: List,
      suffix: '' | '/delete',
      fallback: (s: MatrixScene) => number,
    ): MatrixEntry => ({
      credential: 'session',
      gate: all('dictatorAdd'),
      call: async (s) => {
        const res =
          s.foreign || !s.caller.signedIn ? null : await s.send(post(`${base(s)}/${list}`, body[list]()));
        const id = res?.statusCode === 200 ? (res.json() as { id: number }).id : fallback(s);
        return post(`${base(s)}/${list}/${id}${suffix}`, suffix ? undefined : body[list]());
      },
    });
    const anyId = () => 1;
    // Issue 27: a template changes a work type the caller has just added (its own row to change).
    const template = (suffix: '' | '/delete'): MatrixEntry => ({
      credential: 'session',
      gate: all('dictatorAdd'),
      call: async (s) => {
        const res =
          s.foreign || !s.caller.signedIn
            ? null
            : await s.send(post(`${base(s)}/workTypes`, body.workTypes()));
        const id = res?.statusCode === 200 ? (res.json() as { id: number }).id : s.t.workTypeId;
        const url = `${base(s)}/workTypes/${id}/template${suffix}`;
        return suffix
          ? post(url)
          : post(url, {
              scope: 'facility',
              documentCode: '11506-3',
              documentTitle: 'Matrix note',
              sections: [{ code: '10164-2', title: 'History of present illness', text: '' }],
            });
      },
    });
    return {
      workTypes: read(all('dictatorView'), (s) => `${base(s)}/workTypes`),
      addWorkType: add('workTypes'),
      saveWorkType: change('workTypes', '', (s) => s.t.workTypeId),
      deleteWorkType: change('workTypes', '/delete', (s) => s.t.workTypeId),
      workTypeTemplate: read(all('dictatorView'), (s) => `${base(s)}/workTypes/${s.t.workTypeId}/template`),
      saveWorkTypeTemplate: template(''),
      deleteWorkTypeTemplate: template('/delete'),
      departments: read(all('dictatorView'), (s) => `${base(s)}/departments`),
      addDepartment: add('departments'),
      saveDepartment: change('departments', '', anyId),
      deleteDepartment: change('departments', '/delete', anyId),
      locations: read(all('dictatorView'), (s) => `${base(s)}/locations`),
      addLocation: add('locations'),
      saveLocation: change('locations', '', anyId),
      deleteLocation: change('locations', '/delete', anyId),
    };
  })(),
  // Every write changes a physician the caller has just added (the tenant's own dictator, which
  // other entries name, is changed by none); the tenant's physician only when the caller may not add.
  physicianDirectory: (() => {
    const body = (s: MatrixScene) => ({
      lastName: `Matrix ${s.caller.name.replace(/\W+/g, ' ')}`,
      firstName: 'Probe',
      isDictator: false,
      distributionMethod: 'print',
      allFacilities: false,
    });
    const added = async (s: MatrixScene): Promise<number> => {
      if (s.foreign || !s.caller.signedIn) return s.t.physicianId;
      const res = await s.send(post(`/api/reference/${s.t.cfId}/physicians`, body(s)));
      return res.statusCode === 200 ? (res.json() as { id: number }).id : s.t.physicianId;
    };
    const write = (call: (s: MatrixScene) => Promise<MatrixCall> | MatrixCall): MatrixEntry => ({
      credential: 'session',
      gate: all('dictatorAdd'),
      call,
    });
    const at = (s: MatrixScene, path = '') => `/api/reference/${s.t.cfId}/physicians${path}`;
    return {
      search: read(all('dictatorView'), (s) => `${at(s)}?q=a&pageSize=10`),
      physician: read(all('dictatorView'), (s) => at(s, `/${s.t.physicianId}`)),
      add: write((s) => post(at(s), body(s))),
      save: write(async (s) => post(at(s, `/${await added(s)}`), { ...body(s), credentials: 'MD' })),
      disable: write(async (s) => post(at(s, `/${await added(s)}/disable`))),
      enable: write(async (s) => post(at(s, `/${await added(s)}/enable`))),
      // A duplicate just added, merged into the tenant's physician (it moves nothing else).
      merge: write(async (s) => post(at(s, `/${s.t.physicianId}/merge`), { duplicateId: await added(s) })),
      linkChoices: read(
        all('dictatorView'),
        (s) => `/api/reference/physicianChoices?companyId=${s.t.corpId}&q=a`,
      ),
    };
  })(),
  adtSetup: (() => {
    // Each permitted call works on a row it adds first (as the caller), so the demo's own rules,
    // items and searches stay as they are; a caller that may not add names id 1 (refused anyway).
    let n = 0;
    const ref = (s: MatrixScene, path: string) => `/api/reference/${s.t.cfId}/${path}`;
    const made = async (s: MatrixScene, path: string, body: () => object): Promise<number> => {
      if (!s.caller.signedIn) return 1;
      const res = await s.send(post(ref(s, path), body()));
      return res.statusCode === 200 ? (res.json() as { id: number }).id : 1;
    };
    const newRule = () => ({
      code: `MX${(Date.now() % 1e7).toString(36)}${++n}`,
      description: 'Matrix rule',
      kind: 'noDictator',
      enabled: false,
    });
    const newItem = () => {
      n += 1;
      return {
        columnHeading: `Matrix item ${n} ${Date.now()}`,
        displayName: 'Matrix item',
        segmentName: 'ZMX',
        segmentType: 0,
        fieldIndex: (n % 999) + 1,
        componentIndex: (Math.floor(n / 999) % 99) + 1,
        dataType: 4,
        ordinal: 0,
        mandatory: false,
        readOnly: false,
        highlighted: false,
        inOrderSummary: false,
        refreshOnEdit: false,
      };
    };
    const newSearch = () => ({
      name: 'Matrix search',
      identifier: `mx-${Date.now()}-${++n}`,
      fields: [{ name: 'MRN', hl7Identifier: { segment: 'PID', field: 3, component: 1 } }],
    });
    const write = (call: (s: MatrixScene) => Promise<MatrixCall>): MatrixEntry => ({
      credential: 'session',
      gate: all('dictatorAdd'),
      call,
    });
    return {
      holdQueueRules: read(all('dictatorView'), (s) => ref(s, 'holdQueueRules')),
      addHoldQueueRule: write(async (s) => post(ref(s, 'holdQueueRules'), newRule())),
      saveHoldQueueRule: write(async (s) => {
        const id = await made(s, 'holdQueueRules', newRule);
        return post(ref(s, `holdQueueRules/${id}`), {
          code: newRule().code,
          description: 'Matrix rule, saved',
        });
      }),
      setHoldQueueRuleEnabled: write(async (s) => {
        const id = await made(s, 'holdQueueRules', newRule);
        return post(ref(s, `holdQueueRules/${id}/enabled`), { enabled: false });
      }),
      deleteHoldQueueRule: write(async (s) =>
        post(ref(s, `holdQueueRules/${await made(s, 'holdQueueRules', newRule)}/delete`)),
      ),
      adtDefinitions: read(all('dictatorView'), (s) => ref(s, 'adtDefinitions')),
      addAdtDefinition: write(async (s) => post(ref(s, 'adtDefinitions'), newItem())),
      saveAdtDefinition: write(async (s) => {
        const id = await made(s, 'adtDefinitions', newItem);
        const { displayName, ordinal, mandatory, readOnly, highlighted, inOrderSummary, refreshOnEdit } =
          newItem();
        return post(ref(s, `adtDefinitions/${id}`), {
          displayName: `${displayName}, saved`,
          ordinal,
          mandatory,
          readOnly,
          highlighted,
          inOrderSummary,
          refreshOnEdit,
          follows: null,
        });
      }),
      deleteAdtDefinition: write(async (s) =>
        post(ref(s, `adtDefinitions/${await made(s, 'adtDefinitions', newItem)}/delete`)),
      ),
      adtSearches: read(all('dictatorView'), (s) => ref(s, 'adtSearches')),
      addAdtSearch: write(async (s) => post(ref(s, 'adtSearches'), newSearch())),
      saveAdtSearch: write(async (s) =>
        post(ref(s, `adtSearches/${await made(s, 'adtSearches', newSearch)}`), newSearch()),
      ),
      deleteAdtSearch: write(async (s) =>
        post(ref(s, `adtSearches/${await made(s, 'adtSearches', newSearch)}/delete`)),
      ),
    };
  })(),
  adt: {
    jobAdt: read(PATIENT_DATA, jobUrl('/api/job/getadtdata')),
    search: {
      credential: 'session',
      gate: all('jobEditAdt'),
      call: (s) =>
        post('/api/job/searchadt', {
          companyId: s.t.cfId,
          jobId: s.t.jobId,
          identifier: 'patient',
          inputAdtData: [{ hl7Identifier: { segment: 'PID', field: 5, component: 1 }, value: 'ab' }],
        }),
    },
    accept: {
      credential: 'session',
      gate: all('jobEditAdt'),
      call: async (s) =>
        post('/api/job/acceptadt', {
          jobId: s.t.jobId,
          companyId: s.t.cfId,
          bookingCookie: await cookieOf(s),
          adtSearchResult: { patientId: s.t.patientId },
        }),
      ok: [200, 409],
    },
  },
  attachments: {
    credentials: {
      credential: 'session',
      // Issued only to an account that may see attachments (spec 02 §7): jobView and patient names.
      gate: PATIENT_DATA,
      tenantIds: false,
      call: () => get('/api/Account/GetAttachmentApiCredentials'),
    },
    search: {
      credential: 'attachments',
      gate: PATIENT_DATA,
      call: (s) => get(searchUrl(s.t.cfId, 30), basic(s)),
    },
    download: {
      credential: 'attachments',
      gate: PATIENT_DATA,
      call: (s) => get(`/Attachments/v1/${s.t.attachmentId}`, basic(s)),
    },
    importAttachment: {
      credential: 'session',
      gate: all('adtUpload'),
      call: (s) =>
        form(
          '/api/attachments/import',
          {
            clientFacilityId: String(s.t.cfId),
            name: 'Matrix scan',
            patientId: String(s.t.patientId),
            contextStartUTC: new Date(Date.now() - 3_600_000).toISOString(),
          },
          [{ filename: 'scan.pdf', contentType: 'application/pdf', bytes: pdfBytes('matrix') }],
        ),
      ok: [201],
    },
  },
  // A job's audit trail and its CSV export (issue 23): jobViewDetails.
  audit: {
    jobTrail: read(all('jobViewDetails'), jobUrl('/api/job/audittrail')),
    jobTrailExport: read(all('jobViewDetails'), (s) => `/api/file/AuditTrail/${s.t.jobId}`),
  },
  audio: {
    stream: read(all('jobView'), jobUrl('/api/Audio/wav')),
    // Issue 39: the player's first play, audited as "Played the audio".
    played: {
      credential: 'session',
      gate: all('jobView'),
      call: (s) => post(jobUrl('/api/job/audioplayed')(s)),
    },
    // An account only: Create with Audio polls it for the job just created, with jobCreate alone.
    options: read(ACCOUNT, jobUrl('/api/job/audiooptions')),
    createFacilities: plain(all('jobCreate'), '/api/audio/createoptions'),
    createChoices: read(all('jobCreate'), (s) => `/api/audio/createoptions/${s.t.cfId}`),
    createWithAudio: {
      credential: 'session',
      gate: all('jobCreate'),
      ok: [201],
      call: (s) =>
        form(
          '/api/audio/createwithaudio',
          {
            clientFacilityId: String(s.t.cfId),
            dictatorId: String(s.t.dictatorId),
            workTypeId: String(s.t.workTypeId),
          },
          [{ filename: 'dictation.wav', contentType: 'audio/wav', bytes: toneWav(0.2) }],
        ),
    },
  },
  documents: {
    download: read(any('jobView', 'jobViewText'), (s) => `/api/file/download/${s.t.jobId}.pdf`),
    downloadRtf: read(all('jobView'), (s) => `/api/file/downloadrtf?jobIds=${s.t.jobId}`),
    formatMultiple: {
      credential: 'session',
      // docs/decisions.md "Permissions" of the document calls: copies need jobView.
      gate: all('jobView'),
      call: (s) => get(`/api/file/FormatMultiplePdfJobs/0/false/false?jobIds=${s.t.jobId}`),
    },
    bulkDownload: read(all('jobView'), (s) => `/api/file/BulkDownload?jobIds=${s.t.jobId}&format=pdf`),
    importDocument: {
      credential: 'session',
      gate: all('jobEdit'),
      ok: [201, 409],
      call: (s) =>
        // The fixture names its own patient (issue 40): confirmed, so a permitted import stores it.
        form(
          `/api/job/importDocument/${s.t.jobId}`,
          { source: 'engine', confirmPatientReason: 'Access matrix test document' },
          [{ filename: 'document.xml', bytes: cdaFixture() }],
        ),
    },
  },
  delivery: {
    list: read(all('jobView'), jobUrl('/api/jobs/deliveries')),
    // The failed queue's actions (distributionJobActionsQueue, as Clear of the pending queue).
    retry: {
      credential: 'session',
      gate: all('distributionJobActionsQueue'),
      call: (s) => post('/api/jobs/deliveries/retry', { jobIds: [s.t.jobId] }),
    },
    // 409 once an earlier caller redirected (or retried) the one failed delivery.
    redirect: {
      credential: 'session',
      gate: all('distributionJobActionsQueue'),
      ok: [200, 409],
      call: (s) =>
        post('/api/jobs/deliveries/redirect', {
          deliveryId: s.t.failedDeliveryId,
          method: 'print',
          recipientId: null,
        }),
    },
  },
  interfaces: {
    // The Interfaces screen (issue 44) takes the patient-data upload's permission.
    list: plain(all('adtUpload'), '/api/interfaces/messages'),
    message: read(all('adtUpload'), (s) => `/api/interfaces/messages/${s.t.interfaceMessageId}`),
    // Applied again from its bytes (409 once the test facility's message cannot be, or was).
    resend: {
      credential: 'session',
      gate: all('adtUpload'),
      ok: [200, 409],
      call: (s) => post('/api/interfaces/messages/resend', { messageId: s.t.interfaceMessageId }),
    },
    // 409 once an earlier caller marked the one failed message handled.
    markHandled: {
      credential: 'session',
      gate: all('adtUpload'),
      ok: [200, 409],
      call: (s) => post('/api/interfaces/messages/handled', { messageId: s.t.interfaceMessageId }),
    },
  },
  fax: {
    // The fax dialog's list (spec 01 §6 "Fax button and dialog": jobFax).
    contacts: read(all('jobFax'), jobUrl('/api/jobs/getContactListForJob')),
    searchRecipients: read(all('jobFax'), (s) => `/api/jobs/Dictators?q=a&csid=${s.t.corpId}`),
    fax: {
      credential: 'session',
      gate: all('jobFax'),
      call: (s) =>
        post('/api/jobs/Fax', {
          jobIds: [s.t.jobId],
          recipients: [
            {
              id: null,
              name: 'Matrix Fax',
              faxNumber: '201 555 0101',
              recipientType: 'Custom',
              faxFlag: true,
            },
          ],
          confirmOutsideContacts: true,
        }),
    },
  },
  health: {
    results: {
      credential: 'public',
      gate: PUBLIC,
      publicBecause: 'the health check, for load balancers and monitoring',
      tenantIds: false,
      call: () => get('/api/healthcheck/results'),
    },
    openApi: {
      credential: 'public',
      gate: PUBLIC,
      publicBecause: 'the OpenAPI document describes the calls, holds no data',
      tenantIds: false,
      call: () => get('/api/docs/openapi.json'),
    },
  },
  jobEditor: {
    canAccess: {
      credential: 'session',
      gate: ACCOUNT,
      // Without jobView it answers "no, you may not view jobs" (200) before looking at the job; a
      // job another account of the same user may see answers "not permitted" (200, spec 02 §8:
      // switching account opens it); any other job 404.
      foreign: (c, demoIds) => (!c.permissions.has('jobView') || (c.elsewhere && demoIds) ? [200] : [404]),
      call: (s) => get(jobUrl('/api/job/canaccessjob')(s)),
    },
    details: read(all('jobView'), jobUrl('/api/job/GetJobDetails')),
    availability: read(all('jobView'), jobUrl('/api/job/GetDocumentAvailability')),
    // Issue 39: the patient the document names beside the job's (patient data).
    documentPatient: read(PATIENT_DATA, jobUrl('/api/job/GetDocumentPatient')),
    cda: read(all('jobView'), jobUrl('/api/job/getcda')),
    jobData: read(all('jobView'), jobUrl('/api/job/getjobdata')),
    version: read(all('jobView'), jobUrl('/api/job/getjobversion')),
    workTypes: read(
      all('jobView'),
      (s) => `/api/job/GetClientFacilityWorktypes?ClientFacilityId=${s.t.cfId}`,
    ),
    departments: read(all('jobView'), (s) => `/api/job/getDepartmentsByJobId/${s.t.jobId}`),
    locations: read(all('jobView'), (s) => `/api/job/getLocationsByJobId/${s.t.jobId}`),
    bookOut: {
      credential: 'session',
      gate: all('jobEdit'),
      ok: [200, 409],
      call: (s) => post('/api/job/bookoutjob', { jobId: s.t.jobId }),
    },
    // Issue 27: the matrix's job has a document, so a permitted account is told so (409).
    transcribe: {
      credential: 'session',
      gate: all('jobEdit', 'jobEditText'),
      ok: [200, 409],
      call: (s) => post('/api/job/transcribe', { jobId: s.t.jobId }),
    },
    // Issue 43: the matrix's job is not Finished, so a permitted account is told so (409).
    addendum: {
      credential: 'session',
      gate: all('jobEdit', 'jobEditText'),
      ok: [409],
      call: (s) => post('/api/job/addendum', { jobId: s.t.jobId, version: 1, reason: 'Matrix addendum' }),
    },
    extendBooking: {
      credential: 'session',
      gate: all('jobEdit'),
      ok: [200, 409],
      call: async (s) =>
        post('/api/job/extendbooking', { jobId: s.t.jobId, bookingCookie: await cookieOf(s) }),
    },
    cancelBooking: {
      credential: 'session',
      gate: all('jobEdit'),
      ok: [200, 409],
      call: async (s) =>
        post(
          `/api/job/cancelbooking?jobId=${s.t.jobId}&bookingCookie=${encodeURIComponent(await cookieOf(s))}`,
        ),
    },
    save: bookedWrite('/api/job/savejob', (s, bookingCookie) => ({
      jobId: s.t.jobId,
      version: 1,
      bookingCookie,
      saveMode: 0,
      setJobDataRequest: s.t.jobData,
    })),
    saveCda: bookedWrite('/api/job/saveCDA', (s, bookingCookie) => ({
      jobId: s.t.jobId,
      version: 1,
      bookingCookie,
      cda: { sections: [] },
    })),
    setJobData: bookedWrite('/api/job/setjobdata', (s, bookingCookie) => ({
      bookingCookie,
      jobData: s.t.jobData,
    })),
    refreshJobData: {
      credential: 'session',
      gate: all('jobView'),
      call: (s) => post('/api/job/RefreshJobData', s.t.jobData),
    },
    holdQueueCheck: {
      credential: 'session',
      gate: all('jobView'),
      call: (s) => post('/api/job/RunHoldQueueCheck', { jobId: s.t.jobId }),
    },
    searchPhysicians: read(all('jobView'), (s) => `/api/jobs/SearchPhysicians?cfId=${s.t.cfId}&q=a`),
    physician: read(all('jobView'), (s) => `/api/jobs/GetPhysician?userId=${s.t.physicianId}`),
    physicianById: read(all('jobView'), (s) => `/api/jobs/physicians/${s.t.physicianId}`),
    savePhysician: {
      credential: 'session',
      gate: all('jobEdit', 'dictatorAdd'),
      call: (s) =>
        post('/api/job/SavePhysician', {
          clientFacilityId: s.t.cfId,
          jobId: s.t.jobId,
          physician: { firstName: 'Matrix', lastName: 'Probe' },
        }),
    },
  },
  jobList: {
    // The job list is every account's home (spec 01 §2); the patient's name is withheld without a
    // patient-name permission (checked on every answer), its MRN ("Subject ID") is not.
    corporateStructures: plain(ACCOUNT, '/api/jobs/getusercs'),
    clientFacilities: read(ACCOUNT, (s) => `/api/settings/cfs/${s.t.corpId}`),
    counts: read(ACCOUNT, (s) => `/api/jobs/getcounts?${lists(s)}`),
    allJobs: read(ACCOUNT, (s) => `/api/jobs/alljobs?${lists(s)}`),
    holdQueue: read(all('holdQueueView'), (s) => `/api/jobs/him?${lists(s)}`),
    distribution: read(ACCOUNT, (s) => `/api/jobs/dist?status=PENDING&${lists(s)}`),
    // The list row's details (spec 01 §6 "Show job details": jobView).
    details: read(all('jobView'), jobUrl('/api/jobs/jobdetails')),
    exportJobList: read(ACCOUNT, (s) => `/api/file/JobList/${s.t.corpId}/all`),
    search: read(ACCOUNT, (s) => `/api/jobs/search?jobId=${s.t.jobId}&cs=${s.t.corpId}`),
    printed: {
      credential: 'session',
      gate: all('jobViewText', 'distributionJobActionsQueue'),
      call: (s) => post('/api/jobs/printed', { jobIds: [s.t.jobId], copiesType: 0 }),
    },
    completeJobs: {
      credential: 'session',
      gate: all('distributionJobActionsQueue'),
      call: (s) => post('/api/jobs/completejobs', [s.t.jobId]),
    },
  },
  signing: {
    // Issue 43: whose signature a job awaits is the account's physician's; without one the queue is empty.
    queue: plain(all('jobView'), '/api/signing/queue'),
    count: plain(all('jobView'), '/api/signing/count'),
    sign: {
      credential: 'session',
      gate: all('jobView'),
      // The own job is not waiting in ES: 409 after the password is checked, nothing signed.
      ok: [409],
      call: (s) =>
        post('/api/signing/sign', {
          jobs: [{ jobId: s.t.jobId, version: 1 }],
          password: s.caller.password ?? 'matrix-no-password',
        }),
    },
    reauthenticate: {
      credential: 'session',
      gate: all('jobView'),
      tenantIds: false,
      // The matrix's server has no identity provider: a permitted caller is told so (404).
      ok: [404],
      call: () => get('/api/signing/reauthenticate?returnUrl=/to-sign'),
    },
    returnForCorrection: {
      credential: 'session',
      gate: all('jobView'),
      // The own job is not waiting in ES: 409, nothing returned.
      ok: [409],
      call: (s) => post('/api/signing/return', { jobId: s.t.jobId, note: 'Matrix correction' }),
    },
    signatures: read(all('jobView'), jobUrl('/api/signing/signatures')),
  },
  schedule: {
    companySearch: {
      credential: 'session',
      gate: any('physicianScheduleUpload', 'adtUpload'),
      tenantIds: false,
      call: () => post('/api/company/searchbynameorid/a'),
    },
    validateHeadings: {
      credential: 'session',
      gate: any('physicianScheduleUpload', 'adtUpload'),
      call: (s) => validateHeadings(s, '1'),
    },
    submitScheduleHeadings: {
      credential: 'session',
      gate: all('physicianScheduleUpload'),
      call: async (s) => post('/api/schedule/SubmitScheduleHeadings', await submitHeadings(s, '1')),
    },
    submitAdtHeadings: {
      credential: 'session',
      gate: all('adtUpload'),
      call: async (s) => post('/api/schedule/SubmitADTHeadings', await submitHeadings(s, '0')),
    },
    status: {
      credential: 'session',
      gate: ACCOUNT,
      // An upload's status is its uploader's (the manager's here): another account's is not found.
      ok: (c) => (c.name === 'manager' ? [200] : [404]),
      call: (s) => get(`/api/schedule/status/${s.t.uploadId}`),
    },
    recentUploads: plain(any('physicianScheduleUpload', 'adtUpload'), '/api/schedule/uploads'),
    uploadEffect: read(
      any('physicianScheduleUpload', 'adtUpload'),
      (s) => `/api/schedule/uploads/${s.t.uploadId}/effect`,
    ),
    // Issue 39: the matrix's upload is done, never previewed: past the gates, nothing to show (409).
    uploadPreview: {
      credential: 'session',
      gate: any('physicianScheduleUpload', 'adtUpload'),
      ok: [409],
      call: (s) => get(`/api/schedule/uploads/${s.t.uploadId}/preview`),
    },
    // Only its uploader (the manager) answers a preview; it waits for none (409), others: 404.
    confirmUpload: {
      credential: 'session',
      gate: any('physicianScheduleUpload', 'adtUpload'),
      ok: (c) => (c.name === 'manager' ? [409] : [404]),
      call: (s) => post(`/api/schedule/uploads/${s.t.uploadId}/confirm`),
    },
    cancelUpload: {
      credential: 'session',
      gate: any('physicianScheduleUpload', 'adtUpload'),
      ok: (c) => (c.name === 'manager' ? [409] : [404]),
      call: (s) => post(`/api/schedule/uploads/${s.t.uploadId}/cancel`),
    },
    revertUpload: {
      credential: 'session',
      gate: any('physicianScheduleUpload', 'adtUpload'),
      // The matrix's upload kept no previous values: past the gates, it cannot be reverted.
      ok: [409],
      call: (s) => post(`/api/schedule/uploads/${s.t.uploadId}/revert`),
    },
  },
  wopi: {
    checkFileInfo: { credential: 'wopi', gate: all('jobView'), call: (s) => get(wopiUrl(s)) },
    fileOperation: {
      credential: 'wopi',
      gate: all('jobEditText'),
      refusal: 401,
      ok: [200, 409],
      call: (s) => post(wopiUrl(s), undefined, { 'x-wopi-override': 'LOCK', 'x-wopi-lock': 'matrix-lock' }),
    },
    getFile: { credential: 'wopi', gate: all('jobView'), call: (s) => get(wopiUrl(s, '/contents')) },
    putFile: {
      credential: 'wopi',
      gate: all('jobEditText'),
      refusal: 401,
      ok: [200, 409],
      call: (s) =>
        post(wopiUrl(s, '/contents'), wordDocument('matrix'), {
          'x-wopi-override': 'PUT',
          'x-wopi-lock': 'matrix-lock',
          'content-type': 'application/octet-stream',
        }),
    },
  },
  word: {
    auth: {
      credential: 'session',
      gate: all('jobView'),
      call: (s) =>
        get(`/api/jobs/getwordauth?jobId=${s.foreign ? s.t.docxJobId : s.own.docxJobId}&mode=view`),
    },
    saveWordDocument: bookedWrite(
      '/api/job/saveWordDocument',
      (s, bookingCookie) => ({ jobId: s.t.docxJobId, version: 1, bookingCookie, saveMode: 0 }),
      (s) => s.t.docxJobId,
    ),
  },
  wordClient: {
    open: {
      credential: 'public',
      gate: PUBLIC,
      publicBecause:
        'the embedded WOPI client’s page: the access token in its form is the proof, the page holds no data',
      tenantIds: false,
      ok: [400],
      call: () =>
        post(
          '/wopi-client/docx?mode=view&WOPISrc=https%3A%2F%2Felsewhere.example%2Fwopi%2Ffiles%2F1',
          'access_token=x',
          {
            'content-type': 'application/x-www-form-urlencoded',
          },
        ),
    },
    reload: {
      credential: 'public',
      gate: PUBLIC,
      publicBecause: 'the embedded WOPI client page’s reload, a page without data',
      tenantIds: false,
      // 503 where the web app is not built (tests): the page is part of its build.
      ok: [200, 503],
      call: () => get('/wopi-client/docx'),
    },
  },
};
