/**
 * Everything Tessera keeps in localStorage (spec §3), behind one set of typed accessors so a key
 * is spelled once. Reads never throw: a blocked or corrupt storage reads as "not set".
 */
export const PREF_KEYS = {
  token: 'token',
  lang: 'lang',
  theme: 'theme',
  account: 'account',
  uid: 'uid',
  isSeller: 'is_seller',
  countryId: 'country_id',
  remember: 'remember',
  loginTab: 'login_tab',
  spotPair: 'spot_pair',
  leverPair: 'lever_pair',
  microPair: 'micro_pair',
  chartPeriod: 'chart_period',
  /** The chart's studies and drawings, per pair and period (domain/chart-studies/chart-layouts.ts). */
  chartLayouts: 'chart_layouts',
  swapColors: 'swap_colors',
  apiBase: 'api_base',
  socketUrl: 'socket_url',
  simSpeed: 'sim_speed',
  /** Trade times in the user's own zone ('local', the default) or the exchange's ('exchange'). */
  timeZone: 'time_zone',
  /** The last quotes table the app showed, with its time, for the next visit's first paint. */
  lastQuotes: 'last_quotes',
  /** What the spot book panel shows: its rows ('book', the default) or the depth chart ('depth'). */
  bookView: 'book_view',
  /** The depth chart's height: the base quantity ('base', the default) or its quote value ('quote'). */
  depthUnit: 'depth_unit',
  /** Keyboard trading on the trading screens: '0' switches it off (on by default). */
  tradeShortcuts: 'trade_shortcuts',
  /** The "pro" setting: '1' places orders without the confirmation dialogs (off by default). */
  skipConfirm: 'skip_confirm',
  /** The notification centre's list, with the user it belongs to (notice-store.ts). */
  notices: 'notices',
  /** Which notices the user wants, and whether as browser notifications and with a sound. */
  noticePrefs: 'notice_prefs',
  /**
   * This profile's simulator has opened (its exchange has moved on from the build's opening
   * quotes): the next visit's prerendered page holds those back (app/first-paint.ts).
   */
  exchangeOpened: 'exchange_opened',
} as const;

export type PrefKey = keyof typeof PREF_KEYS;

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function readPref(key: PrefKey): string | null {
  try {
    return storage()?.getItem(PREF_KEYS[key]) ?? null;
  } catch {
    return null;
  }
}

export function writePref(key: PrefKey, value: string | null): void {
  try {
    if (value === null) storage()?.removeItem(PREF_KEYS[key]);
    else storage()?.setItem(PREF_KEYS[key], value);
  } catch {
    // Private mode or a full quota: the preference lasts for this page only.
  }
}
