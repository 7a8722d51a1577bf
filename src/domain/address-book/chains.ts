/**
 * The coins and chains a withdrawal address can be bound for. The binding service's form (spec §7
 * "Separate address-binding service") names a coin and a token contract, not a chain: the pair
 * (coin_name, contract_address) picks one row here, and the row's chain decides how the address is
 * checked. USDT travels as a TRC20 or an ERC20 token (spec §5), the others on their own chain.
 */
export type ChainCode = 'TRC20' | 'ERC20' | 'BTC';

export interface ChainOption {
  coin: string;
  chain: ChainCode;
  /** The token's contract on that chain; '' for the chain's own coin. */
  contract: string;
}

export const USDT_TRC20_CONTRACT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
export const USDT_ERC20_CONTRACT = '0xdAC17F958D2ee523a2206206994597C13D831ec7';

export const CHAIN_OPTIONS: readonly ChainOption[] = [
  { coin: 'USDT', chain: 'TRC20', contract: USDT_TRC20_CONTRACT },
  { coin: 'USDT', chain: 'ERC20', contract: USDT_ERC20_CONTRACT },
  { coin: 'BTC', chain: 'BTC', contract: '' },
  { coin: 'ETH', chain: 'ERC20', contract: '' },
  { coin: 'TRX', chain: 'TRC20', contract: '' },
];

/** The coins offered, in the table's order. */
export const BINDABLE_COINS: readonly string[] = [...new Set(CHAIN_OPTIONS.map((option) => option.coin))];

/** The chains a coin can be bound on. */
export function chainsOf(coin: string): readonly ChainOption[] {
  return CHAIN_OPTIONS.filter((option) => option.coin === coin);
}

/** The option a coin and contract name (exactly, as the table spells them), or null. */
export function chainOption(coin: string, contract: string): ChainOption | null {
  return CHAIN_OPTIONS.find((option) => option.coin === coin && option.contract === contract) ?? null;
}

/** The option of a coin on a chain, or null. */
export function optionOn(coin: string, chain: string): ChainOption | null {
  return CHAIN_OPTIONS.find((option) => option.coin === coin && option.chain === chain) ?? null;
}
