import type { EvmContract } from '../../../store/queries/evm/contracts.js';
import { checksumAddress } from '../codecs/address.js';
import { hexOf } from '../codecs/hex.js';

interface DeploymentDetailsWire {
  txHash: string;
  deployerAddress: string;
  deployerContractAddress?: string;
}

interface ContractCommonWire {
  address: string;
  name?: string;
  deploymentDetails: DeploymentDetailsWire;
}

/** The getContractMetadata union (glacier.json), discriminated by ercType. */
export type ContractMetadataWire =
  | (ContractCommonWire & { ercType: 'ERC-20'; symbol?: string; decimals: number })
  | (ContractCommonWire & { ercType: 'ERC-721' | 'ERC-1155'; symbol?: string })
  | (ContractCommonWire & { ercType: 'UNKNOWN' });

/**
 * An indexed contract on the wire: what the chain says of it (ERC type, token name, symbol, decimals, who
 * deployed it). The curated fields of the real service (description, logos, links, tags) are not known here.
 */
export function contractMetadataOf(c: EvmContract): ContractMetadataWire {
  const common: ContractCommonWire = {
    address: checksumAddress(c.address),
    ...(c.name !== undefined ? { name: c.name } : {}),
    deploymentDetails: {
      txHash: hexOf(c.deployment.txHash),
      deployerAddress: checksumAddress(c.deployment.deployer),
      ...(c.deployment.deployerContract ? { deployerContractAddress: checksumAddress(c.deployment.deployerContract) } : {}),
    },
  };
  const symbol = c.symbol !== undefined ? { symbol: c.symbol } : {};
  switch (c.ercType) {
    case 'ERC-20':
      // the index types a contract ERC-20 only when decimals() answered
      return { ...common, ercType: 'ERC-20', ...symbol, decimals: c.decimals ?? 0 };
    case 'ERC-721':
    case 'ERC-1155':
      return { ...common, ercType: c.ercType, ...symbol };
    default:
      return { ...common, ercType: 'UNKNOWN' };
  }
}
