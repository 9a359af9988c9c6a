// The browser suite in Firefox ESR (Debian's firefox-esr), driven by puppeteer over WebDriver BiDi.
import { puppeteerLauncher } from '@web/test-runner-puppeteer';
import base from './web-test-runner.config.mjs';

const executablePath = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

export default {
  ...base,
  browsers: [
    puppeteerLauncher({
      launchOptions: { browser: 'firefox', executablePath, headless: true },
    }),
  ],
};
