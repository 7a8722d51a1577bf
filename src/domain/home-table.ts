import { compareDecimal, parseDecimal } from './format.ts';

/**
 * What the home page shows (spec §2 "Home", §9): the market table of five coins against USDT
 * sorted by change, the gainers, the news categories of each block and the claims.
 */

/** Spec §9: the home table shows these base coins only, in the USDT quote group. */
export const HOME_BASE_COINS = ['BTC', 'ETH', 'TRX', 'DOT', 'BIB'] as const;
export const HOME_QUOTE = 'USDT';

/** News categories (spec §3): 1 banners, 4/5/6 footer groups, 22 home notices, 26 privacy. */
export const NEWS_CATEGORY = {
  banners: 1,
  about: 4,
  help: 5,
  terms: 6,
  notices: 22,
  privacy: 26,
} as const;

/** Spec §2/§9 footer: the first 3 titles of categories 5, 4 and 6, in that order. */
export const FOOTER_CATEGORIES = [NEWS_CATEGORY.help, NEWS_CATEGORY.about, NEWS_CATEGORY.terms] as const;
export const FOOTER_TITLES_PER_LIST = 3;

/** Spec §9 home claims. */
export const CLAIM_COUNTRIES = 130;
export const CLAIM_YEARS = 5;

export interface PairQuote {
  readonly base: string;
  readonly quote: string;
  readonly symbol: string;
  readonly change: string;
}

function homeRank(base: string): number {
  const rank = (HOME_BASE_COINS as readonly string[]).indexOf(base.toUpperCase());
  return rank === -1 ? HOME_BASE_COINS.length : rank;
}

/**
 * The home table: pairs of the five home coins against USDT, by 24 h change, largest first. Equal
 * changes keep the spec's coin order, so the table does not flicker between two equal rows.
 */
export function selectHomeRows<T extends PairQuote>(rows: readonly T[]): T[] {
  return rows
    .filter((row) => row.quote.toUpperCase() === HOME_QUOTE && homeRank(row.base) < HOME_BASE_COINS.length)
    .sort((a, b) => compareDecimal(b.change, a.change) || homeRank(a.base) - homeRank(b.base));
}

/** 1 up, -1 down, 0 unchanged or unreadable (an unreadable change is neither a gain nor a loss). */
function changeSign(change: string): number {
  return parseDecimal(change) === null ? 0 : Math.sign(compareDecimal(change, 0));
}

function bySymbol(a: PairQuote, b: PairQuote): number {
  return a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : 0;
}

/**
 * The top gainers of every market: pairs that are up only (a change above zero), largest 24 h
 * change first, at most `limit` rows. Fewer rows, or none, when fewer pairs are up.
 */
export function selectGainers<T extends PairQuote>(rows: readonly T[], limit = 5): T[] {
  return rows
    .filter((row) => changeSign(row.change) > 0)
    .sort((a, b) => compareDecimal(b.change, a.change) || bySymbol(a, b))
    .slice(0, Math.max(0, limit));
}

/**
 * The top losers of every market: pairs that are down only (a change below zero), smallest 24 h
 * change first, at most `limit` rows. Fewer rows, or none, when fewer pairs are down.
 */
export function selectLosers<T extends PairQuote>(rows: readonly T[], limit = 5): T[] {
  return rows
    .filter((row) => changeSign(row.change) < 0)
    .sort((a, b) => compareDecimal(a.change, b.change) || bySymbol(a, b))
    .slice(0, Math.max(0, limit));
}

/** The footer shows the first few titles of a category, in the server's order (newest first). */
export function footerTitles<T>(items: readonly T[]): T[] {
  return items.slice(0, FOOTER_TITLES_PER_LIST);
}

export interface MarketBreadth {
  readonly up: number;
  readonly down: number;
  readonly flat: number;
}

/** How many markets are up, down and unchanged over 24 h. */
export function marketBreadth(rows: readonly Pick<PairQuote, 'change'>[]): MarketBreadth {
  let up = 0;
  let down = 0;
  let flat = 0;
  for (const row of rows) {
    const sign = changeSign(row.change);
    if (sign > 0) up += 1;
    else if (sign < 0) down += 1;
    else flat += 1;
  }
  return { up, down, flat };
}
