import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * No serious or critical WCAG 2.1 A/AA violations on the page as it is now (axe-core), or inside
 * `include` (a CSS selector) when given. Every screen's Chromium test calls this in the states a
 * user sees: page, open dialog, menu, edit mode.
 */
export async function expectAccessible(page: Page, what = 'page', include?: string): Promise<void> {
  // A dialog still fading in has blended colours that fail the contrast rule for an instant: read
  // the page as the user sees it once the transitions have ended.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  if (include) builder = builder.include(include);
  const axe = await builder.analyze();
  const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map(
      (v) =>
        `${v.id}: ${v.help} (${v.nodes.map((n) => `${n.target.join(' ')} ${n.failureSummary ?? ''}`).join(', ')})`,
    ),
    `axe on ${what}`,
  ).toEqual([]);
}
