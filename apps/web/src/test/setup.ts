import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { FakeXhr } from './fakeXhr';

// The web tests share two cores with the server's database tests: a lazily loaded page can take
// over the default 1 s to appear. Waiting longer changes no assertion, only how long findBy waits.
configure({ asyncUtilTimeout: 3000 });

// jsdom has no matchMedia, ResizeObserver or scrollIntoView; Mantine needs them.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  configurable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
if (!('ResizeObserver' in window)) {
  Object.defineProperty(window, 'ResizeObserver', {
    writable: true,
    configurable: true,
    value: ResizeObserverStub,
  });
}
if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => {};
// jsdom's scrollTo only logs 'not implemented'; the router restores scroll on navigation.
window.scrollTo = (() => {}) as typeof window.scrollTo;

// Without vitest globals, Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  // Toasts live in a module-level store; one test's must not be found by the next.
  notifications.clean();
  FakeXhr.sent = [];
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});
