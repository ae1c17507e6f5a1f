import { message } from '@quill/core';
import { invalid } from '../../errors/domainErrors.js';

/** Strict: a byte sequence that is not UTF-8 throws rather than becoming U+FFFD. */
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * A request body's text, or the 400 "not UTF-8" error (issue 41): a body is never stored with
 * U+FFFD in place of the bytes that could not be read.
 */
export function bodyText(body: Buffer): string {
  try {
    return utf8.decode(body);
  } catch {
    throw invalid(message('api.badUtf8'));
  }
}

/** One `application/x-www-form-urlencoded` name or value, decoded as strictly as bodyText. */
export function formComponent(text: string): string {
  try {
    return decodeURIComponent(text.replaceAll('+', ' '));
  } catch {
    throw invalid(message('api.badUtf8'));
  }
}
