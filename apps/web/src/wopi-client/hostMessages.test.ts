import { describe, expect, it, vi } from 'vitest';
import { hostChannel, parseHostMessage } from './hostMessages';

const OWN = 'https://quill.test';

/** A framed page's window: its parent records what it is sent; message events are delivered by hand. */
function fakeWindow({ framed = true } = {}) {
  const parent = { postMessage: vi.fn() };
  const listeners = new Set<(e: unknown) => void>();
  const win = {
    location: { origin: OWN },
    parent: undefined as unknown,
    addEventListener: (_type: string, l: (e: unknown) => void) => listeners.add(l),
    removeEventListener: (_type: string, l: (e: unknown) => void) => listeners.delete(l),
  };
  win.parent = framed ? parent : win;
  const deliver = (data: unknown, origin: string, source: unknown = parent) => {
    for (const l of listeners) l({ data, origin, source });
  };
  const sent = () => parent.postMessage.mock.calls.map(([data, origin]) => ({ ...JSON.parse(data), origin }));
  return { win: win as unknown as Window, parent, deliver, sent, listeners };
}

const message = (id: string, values: Record<string, unknown> = {}) =>
  JSON.stringify({ MessageId: id, SendTime: 1, Values: values });

describe('parseHostMessage', () => {
  it('reads a Collabora-style message string', () => {
    expect(parseHostMessage(message('Action_Save', { Notify: true }))).toEqual({
      MessageId: 'Action_Save',
      SendTime: 1,
      Values: { Notify: true },
    });
    expect(parseHostMessage('{"MessageId":"Host_PostmessageReady"}')).toEqual({
      MessageId: 'Host_PostmessageReady',
      SendTime: 0,
      Values: {},
    });
  });

  it.each([
    ['an object instead of a string', { MessageId: 'Action_Save' }],
    ['text that is not JSON', 'Action_Save'],
    ['JSON without MessageId', '{"Values":{}}'],
    ['an array', '[1,2]'],
    ['Values that are not an object', '{"MessageId":"Action_Save","Values":[true]}'],
    ['an overlong MessageId', JSON.stringify({ MessageId: 'x'.repeat(101) })],
    [
      'a message over 64 KiB',
      JSON.stringify({ MessageId: 'Action_Save', Values: { x: 'y'.repeat(70_000) } }),
    ],
  ])('ignores %s', (_what, data) => {
    expect(parseHostMessage(data)).toBeNull();
  });
});

describe('hostChannel', () => {
  it('posts JSON strings to the parent, at the page’s own origin until told the host’s', () => {
    const { win, sent } = fakeWindow();
    const channel = hostChannel(win);
    channel.send('App_LoadingStatus', { Status: 'Frame_Ready' });
    channel.setOrigin('https://host.test');
    channel.send('Doc_ModifiedStatus', { Modified: true });
    expect(sent()).toEqual([
      expect.objectContaining({
        MessageId: 'App_LoadingStatus',
        Values: { Status: 'Frame_Ready' },
        origin: OWN,
      }),
      expect.objectContaining({
        MessageId: 'Doc_ModifiedStatus',
        Values: { Modified: true },
        origin: 'https://host.test',
      }),
    ]);
    expect(typeof sent()[0].SendTime).toBe('number');
  });

  it('sends nothing when the page is not in a frame', () => {
    const { win, parent } = fakeWindow({ framed: false });
    hostChannel(win).send('App_LoadingStatus', { Status: 'Frame_Ready' });
    expect(parent.postMessage).not.toHaveBeenCalled();
  });

  it('takes messages only from the parent window at the host’s origin', () => {
    const { win, deliver } = fakeWindow();
    const channel = hostChannel(win);
    const heard: string[] = [];
    const stop = channel.listen((m) => heard.push(m.MessageId));
    deliver(message('From_Parent'), OWN);
    deliver(message('Other_Origin'), 'https://evil.test');
    deliver(message('Other_Window'), OWN, {});
    deliver('not json', OWN);
    channel.setOrigin('https://host.test');
    deliver(message('Old_Origin'), OWN);
    deliver(message('New_Origin'), 'https://host.test');
    stop();
    deliver(message('After_Stop'), 'https://host.test');
    expect(heard).toEqual(['From_Parent', 'New_Origin']);
  });
});
