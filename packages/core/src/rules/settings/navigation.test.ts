import { describe, expect, it } from 'vitest';
import { PERMISSIONS } from '../auth/permissions.js';
import {
  LEGACY_PATHS,
  legacyJobDetailsPath,
  legacyUrl,
  type NavEntry,
  navigationItems,
  PATIENT_UPLOAD_PATH,
  PRODUCTIVITY_PATH,
  SCHEDULE_UPLOAD_PATH,
  SIGN_OUT_PATH,
  TAT_REPORT_PATH,
} from './navigation.js';

/** The entries as 'id' or 'menu: item, item' for short assertions. */
function outline(entries: NavEntry[]): string[] {
  return entries.map((e) => (e.type === 'link' ? e.id : `${e.id}: ${e.items.map((i) => i.id).join(', ')}`));
}

describe('navigationItems (spec 01 §2 top navigation, §6 gates)', () => {
  it('shows everything, in order, to an account with every permission', () => {
    expect(outline(navigationItems(PERMISSIONS))).toEqual([
      'jobSearch',
      'upload: uploadPatient, uploadSchedule, uploadCreateWithAudio',
      'user: userAdd, userSearch, tatReport, interfaces',
      'help',
      'myAccount: myProfile, myProductivity, signOut',
    ]);
  });

  it('leaves out the Upload and User dropdowns when none of their items is permitted', () => {
    expect(outline(navigationItems([]))).toEqual(['jobSearch', 'help', 'myAccount: myProfile, signOut']);
    expect(outline(navigationItems(['jobView', 'jobEdit', 'jobFax', 'holdQueueView']))).toEqual([
      'jobSearch',
      'help',
      'myAccount: myProfile, signOut',
    ]);
  });

  it('shows the Upload dropdown when any one of adtUpload, physicianScheduleUpload, jobCreate is held', () => {
    const upload = (perms: string[]) => navigationItems(perms).find((e) => e.id === 'upload');
    expect(outline([upload(['adtUpload'])!])).toEqual(['upload: uploadPatient']);
    expect(outline([upload(['physicianScheduleUpload'])!])).toEqual(['upload: uploadSchedule']);
    expect(outline([upload(['jobCreate'])!])).toEqual(['upload: uploadCreateWithAudio']);
    expect(outline([upload(['jobCreate', 'adtUpload'])!])).toEqual([
      'upload: uploadPatient, uploadCreateWithAudio',
    ]);
  });

  it('gates User Add on dictatorAdd, User Search on dictatorView and Interfaces on adtUpload', () => {
    const user = (perms: string[]) => navigationItems(perms).find((e) => e.id === 'user');
    expect(outline([user(['dictatorAdd'])!])).toEqual(['user: userAdd, tatReport']);
    expect(outline([user(['dictatorView'])!])).toEqual(['user: userSearch']);
    expect(outline([user(['adtUpload'])!])).toEqual(['user: interfaces']);
  });

  it('gives the demo dictator (view only) no Upload dropdown and only User Search', () => {
    const dictator = ['jobView', 'jobViewDetails', 'jobViewText', 'adtView', 'dictatorView'];
    expect(outline(navigationItems(dictator))).toEqual([
      'jobSearch',
      'user: userSearch',
      'help',
      'myAccount: myProfile, signOut',
    ]);
  });

  it('shows Job Search only when authenticated', () => {
    expect(outline(navigationItems(PERMISSIONS, { authenticated: false }))[0]).toBe(
      'upload: uploadPatient, uploadSchedule, uploadCreateWithAudio',
    );
  });

  it('opens Job Search in Quill when there is no legacy host', () => {
    const [jobSearch] = navigationItems(PERMISSIONS, { legacyHost: false });
    expect(jobSearch).toEqual({ type: 'link', id: 'jobSearch', target: { kind: 'route', path: '/search' } });
    const [legacy] = navigationItems(PERMISSIONS);
    expect(legacy).toMatchObject({ target: { kind: 'legacy', path: '/job/search' } });
  });

  it('opens Upload ▸ Patient in Quill when there is no legacy host (issue 20)', () => {
    const patient = (legacyHost: boolean) =>
      navigationItems(['adtUpload'], { legacyHost })
        .flatMap((e) => (e.type === 'menu' ? e.items : []))
        .find((l) => l.id === 'uploadPatient');
    expect(patient(false)?.target).toEqual({ kind: 'route', path: '/patient/upload' });
    expect(PATIENT_UPLOAD_PATH).toBe('/patient/upload');
    expect(patient(true)?.target).toEqual({ kind: 'legacy', path: '/ambulatory/uploadadt' });
    expect(navigationItems([], { legacyHost: false }).some((e) => e.id === 'upload')).toBe(false);
  });

  it('opens My Profile in Quill when there is no legacy host (issue 26)', () => {
    const profile = (legacyHost: boolean) =>
      navigationItems([], { legacyHost })
        .flatMap((e) => (e.type === 'menu' ? e.items : []))
        .find((l) => l.id === 'myProfile');
    expect(profile(false)?.target).toEqual({ kind: 'route', path: '/profile' });
    expect(profile(true)?.target).toEqual({ kind: 'legacy', path: '/users/user.aspx?ACT=MYPROFILE' });
    const users = navigationItems(['dictatorAdd', 'dictatorView'], { legacyHost: false }).find(
      (e) => e.id === 'user',
    );
    expect(users?.type === 'menu' && users.items.map((l) => l.target)).toEqual([
      { kind: 'route', path: '/users/new' },
      { kind: 'route', path: '/users' },
      { kind: 'route', path: '/reference' },
      { kind: 'route', path: '/reports/turnaround' },
    ]);
  });

  it('offers Reference data with dictatorView only without a legacy host (issue 26)', () => {
    const userMenu = (perms: string[], legacyHost: boolean) =>
      outline(navigationItems(perms, { legacyHost }).filter((e) => e.id === 'user'));
    expect(userMenu(['dictatorView'], false)).toEqual(['user: userSearch, referenceData']);
    expect(userMenu(['dictatorView'], true)).toEqual(['user: userSearch']);
    expect(userMenu(['dictatorAdd'], false)).toEqual(['user: userAdd, tatReport']);
  });

  it('offers the Turnaround report with dictatorAdd and My productivity with jobEditText, legacy host or not (issue 27)', () => {
    for (const legacyHost of [true, false]) {
      const items = (perms: string[]) =>
        navigationItems(perms, { legacyHost }).flatMap((e) => (e.type === 'menu' ? e.items : []));
      const report = items(['dictatorAdd']).find((l) => l.id === 'tatReport');
      expect(report?.target).toEqual({ kind: 'route', path: TAT_REPORT_PATH });
      expect(items(['dictatorView', 'jobViewDetails']).some((l) => l.id === 'tatReport')).toBe(false);
      const mine = items(['jobEditText']).find((l) => l.id === 'myProductivity');
      expect(mine?.target).toEqual({ kind: 'route', path: PRODUCTIVITY_PATH });
      expect(items(['jobView', 'jobEdit']).some((l) => l.id === 'myProductivity')).toBe(false);
    }
    expect([TAT_REPORT_PATH, PRODUCTIVITY_PATH]).toEqual(['/reports/turnaround', '/productivity']);
  });

  it('sends each entry where the spec says', () => {
    const targets = Object.fromEntries(
      navigationItems(PERMISSIONS)
        .flatMap((e) => (e.type === 'link' ? [e] : e.items))
        .map((l) => [l.id, l.target]),
    );
    expect(targets).toEqual({
      jobSearch: { kind: 'legacy', path: '/job/search' },
      uploadPatient: { kind: 'legacy', path: '/ambulatory/uploadadt' },
      uploadSchedule: { kind: 'route', path: '/schedule/upload' },
      uploadCreateWithAudio: { kind: 'legacy', path: '/job/createwithaudio' },
      userAdd: { kind: 'legacy', path: '/users/user.aspx?ACT=ADD' },
      userSearch: { kind: 'legacy', path: '/users/user.aspx' },
      tatReport: { kind: 'route', path: '/reports/turnaround' },
      interfaces: { kind: 'route', path: '/interfaces' },
      help: { kind: 'documentation' },
      myProfile: { kind: 'legacy', path: '/users/user.aspx?ACT=MYPROFILE' },
      myProductivity: { kind: 'route', path: '/productivity' },
      signOut: { kind: 'signOut' },
    });
    expect([SCHEDULE_UPLOAD_PATH, SIGN_OUT_PATH, LEGACY_PATHS.myProfile]).toEqual([
      '/schedule/upload',
      '/api/account/SignOut',
      '/users/user.aspx?ACT=MYPROFILE',
    ]);
  });
});

describe('legacy URLs', () => {
  it('joins the legacy host and a path with exactly one slash', () => {
    expect(legacyUrl('http://legacy.example', '/job/search')).toBe('http://legacy.example/job/search');
    expect(legacyUrl('http://legacy.example/', '/job/search')).toBe('http://legacy.example/job/search');
    expect(legacyUrl('http://legacy.example/fftm//', 'users/user.aspx')).toBe(
      'http://legacy.example/fftm/users/user.aspx',
    );
  });

  it('builds the job details path with the job id', () => {
    expect(legacyJobDetailsPath(1234)).toBe('/search/job/jobdetails.aspx?ID=1234');
    expect(legacyJobDetailsPath('a b')).toBe('/search/job/jobdetails.aspx?ID=a%20b');
  });
});
