import { type ApplicationSettings, validateApplicationSettings } from '@quill/core';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { appSettings } from '../../db/schema/index.js';

export const APPLICATION_SETTINGS_KEY = 'applicationSettings';

/**
 * GET /api/settings/applicationSettings: the stored values, validated as spec 01 §5 says; an
 * invalid one is logged and its default used.
 */
export async function getApplicationSettings(ctx: AppContext): Promise<ApplicationSettings> {
  const [row] = await ctx.database.db
    .select()
    .from(appSettings)
    .where(eq(appSettings.key, APPLICATION_SETTINGS_KEY));
  const { settings, invalid } = validateApplicationSettings(row?.value ?? null);
  if (invalid.length > 0) {
    ctx.log.warn({ invalid }, 'invalid application settings ignored; defaults used');
  }
  return settings;
}
