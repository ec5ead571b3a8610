// Drives the real release build (dist/) in Debian's Chromium: Playwright must never
// download a browser here.
import { defineConfig } from '@playwright/test';

const port = Number(process.env.KEYLAB_E2E_PORT || 4173);

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 30_000,
  retries: 0,
  workers: 2,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    browserName: 'chromium',
    // Not UTC and not English, on purpose: what the page shows and gives must not
    // depend on the visitor's zone or locale (a :30 zone with no daylight saving here;
    // make test-interop and test-keycode run the generated code in New York's).
    timezoneId: 'Asia/Kolkata',
    locale: 'de-DE',
    launchOptions: {
      executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
        '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  webServer: {
    command: `python3 -m http.server ${port} --bind 127.0.0.1 --directory dist`,
    url: `http://127.0.0.1:${port}/index.html`,
    reuseExistingServer: false,
    stderr: 'ignore',
    timeout: 20_000,
  },
});
