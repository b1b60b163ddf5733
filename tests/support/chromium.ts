// The Chromium every browser check starts (Debian's, nothing is downloaded: README "Run it") and the
// flags it starts with: no sandbox (the checks may run as root in a container), no GPU, and none of
// the calls to Google's hosts (background networking, component updates, sync), which stall page
// loads on a machine without outside network.
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
