import { afterEach, describe, expect, it, vi } from 'vitest';
import { FrameChannel, readFrameMessage } from './frameChannel';

const ORIGIN = 'https://office.example.org';

function setup() {
  const frame = { postMessage: vi.fn() } as unknown as Window;
  const events = { onModified: vi.fn(), onActivity: vi.fn(), onReady: vi.fn() };
  const channel = new FrameChannel(events, () => 1000);
  channel.attach(frame, ORIGIN);
  const say = (
    MessageId: string,
    Values: Record<string, unknown> = {},
    source: unknown = frame,
    origin = ORIGIN,
  ) =>
    channel.receive({
      data: JSON.stringify({ MessageId, SendTime: 1, Values }),
      source,
      origin,
    } as MessageEvent);
  const sent = () =>
    (frame.postMessage as ReturnType<typeof vi.fn>).mock.calls.map(([data, target]) => [
      JSON.parse(data),
      target,
    ]);
  return { channel, events, say, sent, frame };
}

afterEach(() => vi.useRealTimers());

describe('readFrameMessage', () => {
  it('reads the protocol’s JSON strings and objects, and nothing else', () => {
    expect(readFrameMessage('{"MessageId":"Doc_ModifiedStatus","Values":{"Modified":true}}')).toEqual({
      MessageId: 'Doc_ModifiedStatus',
      Values: { Modified: true },
    });
    expect(readFrameMessage({ MessageId: 'App_LoadingStatus' })).toEqual({
      MessageId: 'App_LoadingStatus',
      Values: {},
    });
    for (const bad of ['not json', '{"Values":{}}', 42, null, '[]', `"${'x'.repeat(100_001)}"`])
      expect(readFrameMessage(bad)).toBeNull();
  });
});

describe('FrameChannel', () => {
  it('greets the frame once when it is ready, with its origin as targetOrigin', () => {
    const { channel, say, sent, events } = setup();
    expect(channel.isReady()).toBe(false);
    say('App_LoadingStatus', { Status: 'Frame_Ready' });
    say('App_LoadingStatus', { Status: 'Document_Loaded' });
    expect(sent()).toEqual([[{ MessageId: 'Host_PostmessageReady', SendTime: 1000, Values: {} }, ORIGIN]]);
    expect(channel.isReady()).toBe(true);
    expect(events.onReady).toHaveBeenCalledTimes(2);
    expect(events.onActivity).toHaveBeenCalledTimes(2);
  });

  it('ignores messages of another window or origin', () => {
    const { say, sent, events } = setup();
    say('App_LoadingStatus', { Status: 'Frame_Ready' }, {}, ORIGIN);
    say('Doc_ModifiedStatus', { Modified: true }, undefined, 'https://other.example.org');
    expect(sent()).toEqual([]);
    expect(events.onModified).not.toHaveBeenCalled();
    expect(events.onActivity).not.toHaveBeenCalled();
  });

  it('tells modified and unmodified', () => {
    const { say, events } = setup();
    say('Doc_ModifiedStatus', { Modified: true });
    say('Doc_ModifiedStatus', { Modified: false });
    expect(events.onModified.mock.calls).toEqual([[true], [false]]);
  });

  it('saves through Action_Save and Action_Save_Resp; not ready, timed out or detached is a failure', async () => {
    vi.useFakeTimers();
    const { channel, say, sent } = setup();
    expect(await channel.save()).toEqual({ success: false, result: 'notReady' });
    say('App_LoadingStatus', { Status: 'Frame_Ready' });
    const saving = channel.save();
    expect(sent().at(-1)).toEqual([
      {
        MessageId: 'Action_Save',
        SendTime: 1000,
        Values: { DontTerminateEdit: true, DontSaveIfUnmodified: false, Notify: true },
      },
      ORIGIN,
    ]);
    say('Action_Save_Resp', { success: true });
    expect(await saving).toEqual({ success: true });
    const failing = channel.save();
    say('Action_Save_Resp', { success: false, result: 'disk full' });
    expect(await failing).toEqual({ success: false, result: 'disk full' });
    const slow = channel.save(5000);
    vi.advanceTimersByTime(5000);
    expect(await slow).toEqual({ success: false, result: 'timeout' });
    const cleared = channel.save();
    channel.detach();
    expect(await cleared).toEqual({ success: false, result: 'closed' });
    expect(await channel.save()).toEqual({ success: false, result: 'notReady' });
  });
});
