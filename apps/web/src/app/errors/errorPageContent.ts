import { enUS } from '@quill/core/i18n/enUS';
import type { MessageKey } from '@quill/core/i18n/format';

/** A message of the catalogue with its placeholder values. */
export interface Message {
  key: MessageKey;
  values?: Record<string, string>;
}

export type ErrorPageButton = 'home' | 'reload' | 'signOut';

/** What the error page shows for one error code (spec 01 §8 "Error page codes"). */
export interface ErrorPageContent {
  /** The heading, also the page title ('Error 404 - Quill'). */
  title: Message;
  lead?: Message;
  message?: Message;
  buttons: ErrorPageButton[];
}

const customerService: Message = { key: 'errors.defaultMessage' };

/**
 * Maps an error code (from `/error/{code}`, `/existingsession` or an unknown route) to the page's
 * title, lead, message and buttons. Codes are matched case-insensitively (the spec writes both
 * existingSession and existingsession); anything unknown gets the default 500 page.
 */
export function errorPageContent(code: string): ErrorPageContent {
  switch (code.trim().toLowerCase()) {
    case '404':
      return {
        title: { key: 'errors.notFoundTitle' },
        lead: { key: 'errors.notFoundLead' },
        message: { key: 'errors.notFoundMessage' },
        // Spec 01 §2 "Generic error page": all three ways on.
        buttons: ['home', 'reload', 'signOut'],
      };
    case '403':
      return {
        title: { key: 'errors.codeTitle', values: { code: '403' } },
        lead: { key: 'errors.forbiddenLead' },
        message: { key: 'errors.forbiddenMessage' },
        buttons: ['home', 'reload'],
      };
    case '401':
      return {
        title: { key: 'errors.codeTitle', values: { code: '401' } },
        lead: { key: 'errors.unauthorizedLead' },
        message: { key: 'errors.unauthorized' },
        buttons: ['home'],
      };
    case 'existingsession':
      return {
        title: { key: 'errors.existingSessionTitle' },
        lead: { key: 'errors.existingSession' },
        message: { key: 'errors.existingSessionMessage' },
        buttons: ['reload'],
      };
    case 'usersettings':
      return {
        title: { key: 'errors.genericTitle' },
        lead: { key: 'errors.userSettings' },
        message: customerService,
        buttons: ['signOut'],
      };
    case 'usersummariesempty':
      return {
        title: { key: 'errors.userSummariesEmptyTitle' },
        lead: { key: 'errors.userSummariesEmpty' },
        message: customerService,
        buttons: ['signOut'],
      };
    case 'nosmartcopies':
      return {
        title: { key: 'errors.genericTitle' },
        lead: { key: 'errors.noSmartCopies' },
        message: customerService,
        buttons: ['home', 'reload'],
      };
    default:
      return {
        title: { key: 'errors.codeTitle', values: { code: enUS.errors.defaultTitle } },
        lead: { key: 'errors.defaultLead' },
        message: customerService,
        buttons: ['home', 'reload'],
      };
  }
}
