import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../lib/api';
import { APPLICATION_SETTINGS, MANAGER_NORTH, MANAGER_SOUTH, userSettings } from '../testing/fixtures';
import { type Answer, autoSelection, type GateInputs, resolveGateState, validSummaries } from './gateState';

const ok = <T>(data: T): Answer<T> => ({ data, error: null });
const pending: Answer<never> = { data: undefined, error: null };
const failed = (error: unknown): Answer<never> => ({ data: undefined, error });

function inputs(over: Partial<GateInputs> = {}): GateInputs {
  return {
    authenticated: ok({ authenticated: true, scheme: 'local' as const }),
    summaries: ok([MANAGER_NORTH, MANAGER_SOUTH]),
    applicationSettings: ok(APPLICATION_SETTINGS),
    selectedMemberId: MANAGER_SOUTH.memberId,
    autoSelecting: false,
    userSettings: ok(userSettings()),
    ...over,
  };
}

describe('resolveGateState (spec 01 §4 "Authentication and account")', () => {
  it('is ready with the chosen account, its settings and the application settings', () => {
    expect(resolveGateState(inputs())).toEqual({
      status: 'ready',
      session: {
        account: MANAGER_SOUTH,
        userSettings: userSettings(),
        applicationSettings: APPLICATION_SETTINGS,
      },
    });
  });

  it('raises 500 when the authentication check or the application settings fail', () => {
    const boom = new ApiRequestError(503, 'unavailable', 'down');
    expect(resolveGateState(inputs({ authenticated: failed(boom) }))).toEqual({
      status: 'error',
      code: '500',
    });
    expect(resolveGateState(inputs({ applicationSettings: failed(boom) }))).toEqual({
      status: 'error',
      code: '500',
    });
  });

  it('sends a signed-out browser to the scheme the server named', () => {
    expect(
      resolveGateState(inputs({ authenticated: ok({ authenticated: false, scheme: 'oidc' as const }) })),
    ).toEqual({ status: 'signIn', scheme: 'oidc' });
  });

  it('raises usersummariesempty without a valid account (member type 0 is invalid)', () => {
    expect(resolveGateState(inputs({ summaries: ok([]) }))).toEqual({
      status: 'error',
      code: 'usersummariesempty',
    });
    expect(resolveGateState(inputs({ summaries: ok([{ ...MANAGER_NORTH, memberType: 0 }]) }))).toEqual({
      status: 'error',
      code: 'usersummariesempty',
    });
  });

  it('asks on Select User until an account is set, unless one is being selected automatically', () => {
    expect(resolveGateState(inputs({ selectedMemberId: null }))).toEqual({
      status: 'selectUser',
      summaries: [MANAGER_NORTH, MANAGER_SOUTH],
    });
    expect(resolveGateState(inputs({ selectedMemberId: null, autoSelecting: true }))).toEqual({
      status: 'loading',
    });
  });

  it('raises usersettings when the user settings fail', () => {
    expect(resolveGateState(inputs({ userSettings: failed(new Error('x')) }))).toEqual({
      status: 'error',
      code: 'usersettings',
    });
  });

  it('waits (no error page) on a lost session: the global 401 handler moves on', () => {
    const lost = new ApiRequestError(401, 'session_superseded', 'You already have an active session');
    expect(resolveGateState(inputs({ summaries: failed(lost) }))).toEqual({ status: 'loading' });
    expect(resolveGateState(inputs({ userSettings: failed(lost) }))).toEqual({ status: 'loading' });
  });

  it('loads while answers are missing', () => {
    expect(resolveGateState(inputs({ authenticated: pending }))).toEqual({ status: 'loading' });
    expect(resolveGateState(inputs({ summaries: pending }))).toEqual({ status: 'loading' });
    expect(resolveGateState(inputs({ userSettings: pending }))).toEqual({ status: 'loading' });
    expect(resolveGateState(inputs({ applicationSettings: pending }))).toEqual({ status: 'loading' });
  });
});

describe('autoSelection', () => {
  it('picks the only account, or the one this tab chose before if it is still offered', () => {
    expect(autoSelection([MANAGER_NORTH], null)).toBe(MANAGER_NORTH.memberId);
    expect(autoSelection([MANAGER_NORTH, MANAGER_SOUTH], null)).toBeNull();
    expect(autoSelection([MANAGER_NORTH, MANAGER_SOUTH], MANAGER_SOUTH.memberId)).toBe(
      MANAGER_SOUTH.memberId,
    );
    expect(autoSelection([MANAGER_NORTH, MANAGER_SOUTH], 999)).toBeNull();
    expect(validSummaries([{ ...MANAGER_NORTH, memberType: 0 }, MANAGER_SOUTH])).toEqual([MANAGER_SOUTH]);
  });
});
