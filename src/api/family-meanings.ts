/**
 * What the family's clients read a field as, or send a call as, where Tessera had chosen otherwise
 * (DESIGN.md "Real servers and clients of this family": the family's meaning wins). Rendered into
 * docs/api.md beside the dialect; Tessera's own client reads the same fields the same way.
 */
export const FAMILY_MEANINGS: readonly string[] = [
  "### Field meanings and call forms the family's clients rely on",
  '',
  '- `market/kline` with only `currency_match_id` (no `period`, `from`, `to` or `symbol`) answers the latest 360',
  '  1-minute bars.',
  "- `news/list?category_id=23` answers the home carousel's banners, as category 1 does (23 is not listed by",
  '  `news/categories`).',
  '- `account/transfer` takes `from` and `to` as account codes (`change`, `lever`, ...) or as the `account_code` of',
  '  `account/list` (`change_account`, `lever_account`, ...), and `balance` as a decimal string or a JSON number.',
  '- `pay_method/get_method_by_type` never answers `null`: with nothing saved it answers `{ type, raw_data }` with the',
  '  type\'s fields empty (`""`); Tessera\'s client reads empty fields (and `null` from older servers) as nothing saved.',
  '- `user/authorization_code` answers the code string itself as `data` (as `user/login` answers the token);',
  "  Tessera's client reads `{ code }` from older servers as the same code.",
  '- spot orders (every tx_* answer, `TX_SUBMIT`, `TX_MATCHED`): `transacted_amount` is the filled base quantity, in',
  "  the pair's lot places as `number` is (a filled order has `transacted_amount` = `number`; the family's clients drop",
  '  an order from the open list then), and `transacted_volume` the quote turnover (price x quantity of its fills).',
  "- order-book rows (`market/deal` depth, `MARKET_DEPTH`): `amount` is the level's base quantity (the same as",
  "  `number`; depth bars are relative to the largest `amount`), and `total` the level's value in the quote currency.",
  "  Tessera's client shows `total`, or price x quantity when a server sends none.",
  "- trades (`GLOBAL_TX` completes, `market/deal` tx_completes) carry `amount`, the trade's base quantity (the same as",
  "  `number`); Tessera's tape reads `amount`, and `number` from servers that send only that.",
  '- `change_fee_rate` (pairs of `market/currency_matches`) is a percent: `"0.1"` is a fee of 0.1 % (the family\'s',
  "  clients print it followed by `%`); Tessera's order forms show it so.",
  '- an empty query value means absent on every GET (`account/draw_list?currency_id=&page=1` lists every currency; an',
  '  empty `page` or `limit` is the default); a required field left empty is refused as missing. POST bodies keep',
  '  their empty strings (except the optional fields of the form-urlencoded sign-in and registration).',
  "- `account/detail` by account row: `{ id, account_type_id }` with the `id` of an `account/list` row (the owner's",
  "  only) answers that row's `balance` and `lock_balance` with its `currency_id` and `account_type.account_code`.",
  '- `user/info` carries `level` (0 until the identity is verified, then 1) and `credit_score` (100; Tessera has no',
  "  penalties), both numbers; Tessera's account page shows them, and nothing when a server leaves them out.",
  "- `default/area_list` entries carry the country's fiat currency: `currency` (ISO 4217 code), `currency_symbol`,",
  "  `code` (the country's ISO 3166-1 alpha-2 code) and `decimal` (the currency's minor-unit places); Tessera's ad",
  '  form labels its fiat choices with the symbols ("CNY (¥)").',
];
