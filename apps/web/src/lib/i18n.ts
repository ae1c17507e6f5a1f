import { enUS } from '@quill/core/i18n/enUS';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';

/** The one language of the product (ARCHITECTURE §2 "Naming"). */
export const LANGUAGE = 'en-US';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof enUS };
  }
}

/**
 * The i18next instance, initialised synchronously from the bundled en-US catalogue of
 * `@quill/core` so the first render already has every string.
 */
export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  lng: LANGUAGE,
  fallbackLng: LANGUAGE,
  resources: { [LANGUAGE]: { translation: enUS } },
  initAsync: false,
  // React escapes what it renders; escaping here would double-escape.
  interpolation: { escapeValue: false },
  returnNull: false,
  showSupportNotice: false,
});
