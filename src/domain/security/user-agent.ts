/**
 * A device as the sessions list names it (issue 34): what kind it is, its system and its browser,
 * read from the user-agent text the client sent. The names are products' own (not translated); an
 * agent that says nothing recognisable reads as unknown, never as a guess.
 */
export type DeviceKind = 'phone' | 'tablet' | 'desktop' | 'unknown';

export const BROWSERS = ['Edge', 'Opera', 'Samsung Internet', 'Firefox', 'Chrome', 'Safari'] as const;
export const SYSTEMS = ['iOS', 'Android', 'ChromeOS', 'Windows', 'macOS', 'Linux'] as const;

export interface DeviceSummary {
  kind: DeviceKind;
  /** One of SYSTEMS, or '' when unknown. */
  os: (typeof SYSTEMS)[number] | '';
  /** One of BROWSERS, or '' when unknown. */
  browser: (typeof BROWSERS)[number] | '';
}

/** Tested in this order: Edge and Opera also say "Chrome", Chrome also says "Safari". */
const BROWSER_TOKENS: ReadonlyArray<readonly [RegExp, (typeof BROWSERS)[number]]> = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\b(Headless)?Chrome\/|\bCriOS\/|\bChromium\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

/** iOS before macOS (an iPad may say "like Mac OS X"), Android and ChromeOS before Linux. */
const SYSTEM_TOKENS: ReadonlyArray<readonly [RegExp, (typeof SYSTEMS)[number]]> = [
  [/\b(iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMacintosh\b|\bMac OS X\b/, 'macOS'],
  [/\bLinux\b|\bX11\b/, 'Linux'],
];

function first<T>(agent: string, table: ReadonlyArray<readonly [RegExp, T]>): T | '' {
  for (const [pattern, name] of table) if (pattern.test(agent)) return name;
  return '';
}

function kindOf(agent: string, os: DeviceSummary['os']): DeviceKind {
  if (/\biPad\b|\bTablet\b/.test(agent)) return 'tablet';
  if (/\bMobi|\biPhone\b|\biPod\b/.test(agent)) return 'phone';
  // Android without "Mobile" is a tablet by Google's own convention.
  if (os === 'Android') return 'tablet';
  return os === '' ? 'unknown' : 'desktop';
}

export function describeAgent(agent: string): DeviceSummary {
  const os = first(agent, SYSTEM_TOKENS);
  return { kind: kindOf(agent, os), os, browser: first(agent, BROWSER_TOKENS) };
}
