// The end-to-end tests' `test`: Playwright's, with a page whose `goto` and `reload` wait until the app
// has started (src/main.tsx marks <html data-started> once React has adopted or rendered the page).
// A page the server rendered is on screen before its scripts run (issue 18): a person may read it and
// follow its links at once, but a test that presses a button is testing the app, so it waits for it.
import { test as base, type Page } from '@playwright/test';

export { expect } from '@playwright/test';
export type { APIRequestContext, Browser, BrowserContext, Locator, Page, Route } from '@playwright/test';

/** Resolves once the app has started on the page. */
export const started = (page: Page) =>
  page.waitForSelector('html[data-started]', { state: 'attached', timeout: 15_000 });

export const test = base.extend({
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled !== false) {
      const goto = page.goto.bind(page);
      const reload = page.reload.bind(page);
      page.goto = async (...args) => {
        const response = await goto(...args);
        await started(page);
        return response;
      };
      page.reload = async (...args) => {
        const response = await reload(...args);
        await started(page);
        return response;
      };
    }
    await use(page);
  },
});
