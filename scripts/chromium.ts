// The browser the tests, screenshots and benchmarks drive: Debian's Chromium unless CHROME_PATH names
// another. Root in a container needs --no-sandbox; without the background-networking flags Chromium
// keeps trying to reach Google's services, which a machine without internet refuses many at a time.
export const CHROMIUM_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
