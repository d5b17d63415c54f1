/**
 * Names the device of a session from the User-Agent it signed in with, for the profile's list of
 * sessions (docs/api.md#sessions-and-cookies): enough for a person to tell "my phone" from "the
 * cyber café's computer", nothing more. Product names are not translated; null when unknown.
 * Order matters: browsers built on Chrome name Chrome too, so the specific ones come first.
 */
export interface SessionDevice {
  browser: string | null;
  os: string | null;
}

const BROWSERS: ReadonlyArray<readonly [RegExp, string]> = [
  [/Opera Mini|OPiM/i, 'Opera Mini'],
  [/\bOPR\/|\bOpera\b/i, 'Opera'],
  [/\bEdg(A|iOS|e)?\//i, 'Edge'],
  [/SamsungBrowser\//i, 'Samsung Internet'],
  [/UCBrowser\/|UCWEB/i, 'UC Browser'],
  [/\bYaBrowser\//i, 'Yandex Browser'],
  [/\bFirefox\/|\bFxiOS\//i, 'Firefox'],
  [/\bCriOS\/|\bChrome\/|\bChromium\//i, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//i, 'Safari'],
];

const SYSTEMS: ReadonlyArray<readonly [RegExp, string]> = [
  [/KAIOS/i, 'KaiOS'],
  [/\biPhone\b/i, 'iPhone'],
  [/\biPad\b/i, 'iPad'],
  [/\bAndroid\b/i, 'Android'],
  [/\bCrOS\b/i, 'ChromeOS'],
  [/\bWindows\b/i, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/i, 'macOS'],
  [/\bLinux\b/i, 'Linux'],
];

export function sessionDevice(userAgent: string | undefined): SessionDevice {
  if (!userAgent) return { browser: null, os: null };
  return { browser: first(BROWSERS, userAgent), os: first(SYSTEMS, userAgent) };
}

function first(table: ReadonlyArray<readonly [RegExp, string]>, userAgent: string): string | null {
  for (const [pattern, name] of table) if (pattern.test(userAgent)) return name;
  return null;
}
