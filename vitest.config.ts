import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: on the 2-core CI machine that is one.
    // Two workers cut the suite from ~12 to ~9 minutes there (measured; docs/decisions.md).
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'core',
          root: './packages/core',
          include: ['src/**/*.test.ts'],
        },
      },
      {
        // The repository's own scripts (the part-rule checker of `npm run lint`).
        test: {
          name: 'scripts',
          root: './scripts',
          include: ['**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'server',
          root: './apps/server',
          include: ['src/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
          // The files of a worker share its process and the modules it imported: each file's fresh
          // process spent ~3 s importing the server before its first test (half the suite's time;
          // docs/decisions.md). Every file makes its own databases and servers, and a test that
          // changes process-wide state (PATH) puts it back.
          isolate: false,
        },
      },
      {
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['./src/test/setup.ts'],
          // As the server's: the files of a worker share its process (and its jsdom); the setup
          // file's afterEach clears what a test leaves behind (the DOM, spies, toasts).
          isolate: false,
        },
      },
    ],
  },
});
