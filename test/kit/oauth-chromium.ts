import { existsSync } from 'node:fs';
import { type Browser, chromium, type Page } from 'playwright-core';

/*
 * A person in headless Chromium (Debian's, driven by playwright-core): opens an authorization
 * URL, signs in on Toolgate's page when asked, clicks Allow on the consent page, and reports
 * where the browser was sent back (the client's loopback callback, answered here without a
 * listener, or with `deliver` let through to the client's own listener).
 */

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function chromiumAvailable(): boolean {
  return existsSync(CHROMIUM);
}

export interface Person {
  email: string;
  password: string;
}

export interface OAuthBrowser {
  /** Signs in when asked, clicks Allow; resolves with the callback URL (code, state, iss). */
  authorize(
    url: URL,
    callbackPrefix: string,
    person: Person,
    opts?: { screenshots?: { signIn?: string; consent?: string }; deliver?: boolean },
  ): Promise<URL>;
  /**
   * Opens a Toolgate connect link as the person: signs in when asked, clicks Continue (or types a
   * personal token and clicks Save token), follows the provider back; resolves with the last
   * page's text ("Connected", or why not).
   */
  connect(
    url: string,
    person: Person,
    opts?: { token?: string; screenshots?: { consent?: string; done?: string } },
  ): Promise<string>;
  close(): Promise<void>;
}

export async function launchOAuthBrowser(): Promise<OAuthBrowser> {
  const browser: Browser = await chromium.launch({ executablePath: CHROMIUM, headless: true });
  const context = await browser.newContext({ viewport: { width: 760, height: 820 } });
  return {
    async authorize(url, callbackPrefix, person, opts = {}) {
      const page: Page = await context.newPage();
      let landed: URL | null = null;
      if (opts.deliver)
        page.on('request', (request) => {
          if (request.url().startsWith(callbackPrefix)) landed = new URL(request.url());
        });
      else
        await page.route(`${callbackPrefix}**`, async (route) => {
          landed = new URL(route.request().url());
          await route.fulfill({
            status: 200,
            contentType: 'text/html',
            body: '<p>You can close this window.</p>',
          });
        });
      try {
        await page.goto(url.href);
        if (await page.locator('input[name="password"]').count()) {
          if (opts.screenshots?.signIn)
            await page.screenshot({ path: opts.screenshots.signIn, fullPage: true });
          await page.getByLabel('E-mail').fill(person.email);
          await page.getByLabel('Password').fill(person.password);
          await page.getByRole('button', { name: 'Sign in' }).click();
        }
        if (!landed) {
          await page.getByRole('button', { name: 'Allow' }).waitFor({ timeout: 10_000 });
          if (opts.screenshots?.consent)
            await page.screenshot({ path: opts.screenshots.consent, fullPage: true });
          await page.getByRole('button', { name: 'Allow' }).click();
        }
        for (let i = 0; i < 100 && !landed; i++) await page.waitForTimeout(50);
        if (!landed)
          throw new Error(
            `never sent back to the client; at ${page.url()}: ${(await page.content()).slice(0, 500)}`,
          );
        if (opts.deliver) await page.waitForLoadState('load');
        return landed;
      } finally {
        await page.close();
      }
    },
    async connect(url, person, opts = {}) {
      const page: Page = await context.newPage();
      try {
        await page.goto(url);
        if (await page.locator('input[name="password"]').count()) {
          await page.getByLabel('E-mail').fill(person.email);
          await page.getByLabel('Password').fill(person.password);
          await page.getByRole('button', { name: 'Sign in' }).click();
        }
        const button = page.getByRole('button', { name: opts.token ? 'Save token' : 'Continue' });
        await button.waitFor({ timeout: 10_000 });
        if (opts.token) await page.getByLabel('Your token').fill(opts.token);
        if (opts.screenshots?.consent)
          await page.screenshot({ path: opts.screenshots.consent, fullPage: true });
        await button.click();
        await page
          .locator('h1')
          .filter({ hasNotText: /^(Connect your account|Enter your token)$/ })
          .waitFor({ timeout: 10_000 });
        if (opts.screenshots?.done) await page.screenshot({ path: opts.screenshots.done, fullPage: true });
        return await page.locator('main').innerText();
      } finally {
        await page.close();
      }
    },
    close: () => browser.close(),
  };
}
