import { APPLICATION_SETTING_DEFAULTS, APPLICATION_SETTING_MINIMUMS } from './constants.js';

export type ApplicationSettingValues = { -readonly [K in keyof typeof APPLICATION_SETTING_DEFAULTS]: number };

/**
 * Spec 01 §5: jobCountUpdateIntervalSeconds at least 30, both batch sizes at least 1; an invalid or
 * missing value keeps its default. Answers the settings to use and the names of the invalid ones.
 */
export function validateApplicationSettings(stored: unknown): {
  settings: ApplicationSettingValues;
  invalid: string[];
} {
  const source = stored && typeof stored === 'object' ? (stored as Record<string, unknown>) : {};
  const settings = { ...APPLICATION_SETTING_DEFAULTS } as ApplicationSettingValues;
  const invalid: string[] = [];
  for (const key of Object.keys(APPLICATION_SETTING_DEFAULTS) as (keyof ApplicationSettingValues)[]) {
    const value = source[key];
    if (value === undefined) continue;
    if (typeof value === 'number' && Number.isInteger(value) && value >= APPLICATION_SETTING_MINIMUMS[key]) {
      settings[key] = value;
    } else {
      invalid.push(key);
    }
  }
  return { settings, invalid };
}
