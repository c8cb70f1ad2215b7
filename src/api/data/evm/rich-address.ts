import { labelKey, type ContractLabel } from '../../../store/queries/evm-api/contract-labels.js';
import { checksumAddress } from '../codecs/address.js';

/** RichAddress: an address, with the token name, symbol and decimals when it is an indexed contract. */
export interface RichAddressWire {
  name?: string;
  symbol?: string;
  decimals?: number;
  logoUri?: string;
  address: string;
}

export type ContractLabels = ReadonlyMap<string, ContractLabel>;

export function richAddress(address: Uint8Array, labels?: ContractLabels): RichAddressWire {
  const label = labels?.get(labelKey(address));
  return {
    ...(label?.name !== undefined ? { name: label.name } : {}),
    ...(label?.symbol !== undefined ? { symbol: label.symbol } : {}),
    ...(label?.decimals !== undefined ? { decimals: label.decimals } : {}),
    address: checksumAddress(address),
  };
}
