import { signAddressData } from '../../../src/domain/address-book/signature.ts';

/** A valid TRON address, the one the exactly-once tests bind for their withdrawals. */
export const TRON_ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

/** What address/session_key answers. */
export interface BindingSessionKey {
  key: string;
  user_id: number;
  timestamp: number;
}

/** The address/bind payload of TRON_ADDRESS for USDT, signed with the session key as the app signs it. */
export async function signedTronBinding(
  key: BindingSessionKey,
  verificationcode: string,
  label: string,
): Promise<{ data: Record<string, unknown>; signature: string }> {
  const data = {
    user_id: key.user_id,
    address: TRON_ADDRESS,
    coin_name: 'USDT',
    contract_address: TRON_ADDRESS,
    verificationcode,
    timestamp: key.timestamp,
    label,
  };
  return { data, signature: await signAddressData(key.key, { ...data }) };
}
