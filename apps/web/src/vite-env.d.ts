/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The root package.json version, injected by vite.config.ts `define`. */
  readonly VITE_APP_VERSION?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
