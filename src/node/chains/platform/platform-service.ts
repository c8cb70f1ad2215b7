import { decodePlatformBlock } from '../../../codec/platformvm/blocks.js';
import { formatAddress, parseAddress } from '../../../lib/bech32-address.js';
import { compareBytes } from '../../../lib/bytes.js';
import { idFromString, idToString, nodeIdFromString, nodeIdToString } from '../../../lib/cb58.js';
import { bytesToHex, hexToBytes } from '../../../lib/hex.js';
import { createAvalancheRpcHandler, type RpcService } from '../../server/avalanche-rpc.js';
import { decodeBytes, encodeBytes, readEncoding, type ApiEncoding as Encoding } from '../../server/encoding.js';
import type { RpcArgs } from '../../server/rpc-args.js';
import { encodeHexNoChecksum } from '../../../codec/container/checksum-hex.js';
import type { Router } from '../../server/router.js';
import { gasPrice } from './fees.js';
import type { L1Validator } from './l1-records.js';
import type { PlatformVm } from './platform-vm.js';
import { PRIMARY_NETWORK_ID, PRIORITY, type Staker } from './state.js';
import type { Owners, TransferableOutput } from './tx-codec.js';
import { encodeUtxo, type Utxo } from './utxo.js';
import { txToJson } from './tx-json.js';

/** The `platform` JSON-RPC service (vms/platformvm/service.go): shapes and error strings as AvalancheGo's. */

const MAX_PAGE = 1024;

function encode(bytes: Uint8Array, encoding: Encoding): string {
  return encodeBytes(encoding === 'json' ? 'hex' : encoding, bytes);
}

function decodeTx(text: string, encoding: Encoding): Uint8Array {
  try {
    return decodeBytes(encoding, text);
  } catch (e) {
    throw new Error(`problem decoding transaction: ${(e as Error).message}`);
  }
}

const u = (n: bigint | number) => n.toString();
const rfc3339 = (seconds: bigint) => new Date(Number(seconds) * 1000).toISOString().replace('.000Z', 'Z');

export function createPlatformService(vm: PlatformVm): RpcService {
  const g = vm.genesis;
  const hrp = g.hrp;
  const addr = (a: Uint8Array) => formatAddress('P', hrp, a);
  const owner = (o: Owners) => ({ locktime: u(o.locktime), threshold: u(o.threshold), addresses: o.addresses.map(addr) });
  const parseAddrs = (list: string[] | undefined): Uint8Array[] => {
    if (!list || list.length === 0) throw new Error('no addresses provided');
    return list.map((a) => {
      try {
        return parseAddress(a).shortId;
      } catch (e) {
        throw new Error(`couldn't parse address ${JSON.stringify(a)}: ${(e as Error).message}`);
      }
    });
  };
  const subnetArg = (args: RpcArgs, name = 'subnetID') => args.id(name);
  const isPrimary = (id: Uint8Array) => compareBytes(id, PRIMARY_NETWORK_ID) === 0;

  const stakerJson = (s: Staker) => ({
    txID: idToString(s.txId),
    startTime: u(s.startTime),
    endTime: u(s.endTime),
    weight: u(s.weight),
    nodeID: nodeIdToString(s.nodeId),
  });

  async function currentValidators(subnet: Uint8Array, nodeIds: Uint8Array[]): Promise<unknown[]> {
    const wanted = new Set(nodeIds.map(bytesToHex));
    const stakers = vm.state.stakers().filter((s) => compareBytes(s.subnetId, subnet) === 0 && (wanted.size === 0 || wanted.has(bytesToHex(s.nodeId))));
    const delegators = new Map<string, unknown[]>();
    const delegatorWeight = new Map<string, bigint>();
    const out: { nodeHex: string; json: Record<string, unknown> }[] = [];
    for (const s of stakers) {
      const nodeHex = bytesToHex(s.nodeId);
      const tx = await vm.getSignedTx(s.txId);
      const t = tx?.unsigned;
      if (s.priority === PRIORITY.primaryDelegator) {
        const d: Record<string, unknown> = { ...stakerJson(s), stakeAmount: u(s.weight) };
        if (nodeIds.length === 1 && t && 'rewardsOwner' in t) d.rewardOwner = owner(t.rewardsOwner);
        d.potentialReward = u(s.potentialReward);
        delegators.set(nodeHex, [...(delegators.get(nodeHex) ?? []), d]);
        delegatorWeight.set(nodeHex, (delegatorWeight.get(nodeHex) ?? 0n) + s.weight);
        continue;
      }
      if (s.priority === PRIORITY.subnetPermissionedValidator) {
        out.push({ nodeHex, json: stakerJson(s) });
        continue;
      }
      const shares = t && 'shares' in t ? t.shares : 0;
      const json: Record<string, unknown> = { ...stakerJson(s), stakeAmount: u(s.weight) };
      const uptime = vm.uptimeOf(s.nodeId);
      json.uptime = (uptime * 100).toFixed(4);
      json.connected = true;
      json.potentialReward = u(s.potentialReward);
      json.accruedDelegateeReward = u(vm.state.delegateeReward(s.subnetId, s.nodeId));
      if (t?.kind === 'AddPermissionlessValidatorTx') {
        json.validationRewardOwner = owner(t.validatorRewardsOwner);
        json.delegationRewardOwner = owner(t.delegatorRewardsOwner);
      } else if (t?.kind === 'AddValidatorTx') {
        json.validationRewardOwner = owner(t.rewardsOwner);
        json.delegationRewardOwner = owner(t.rewardsOwner);
      }
      json.delegationFee = ((100 * shares) / 1_000_000).toFixed(4);
      if (t?.kind === 'AddPermissionlessValidatorTx' && t.signer) {
        json.signer = { publicKey: encodeHexNoChecksum(t.signer.publicKey), proofOfPossession: encodeHexNoChecksum(t.signer.proofOfPossession) };
      }
      out.push({ nodeHex, json });
    }
    return out.map(({ nodeHex, json }) => {
      if (!('potentialReward' in json)) return json;
      const ds = delegators.get(nodeHex) ?? [];
      json.delegatorCount = u(ds.length);
      json.delegatorWeight = u(delegatorWeight.get(nodeHex) ?? 0n);
      if (nodeIds.length === 1) json.delegators = ds;
      return json;
    });
  }

  const pChainOwner = (o: { threshold: number; addresses: Uint8Array[] }) => ({ locktime: '0', threshold: u(o.threshold), addresses: o.addresses.map(addr) });

  /** APIL1Validator: balance is what is left of the continuous-fee budget at the last accepted state. */
  const l1ValidatorJson = (v: L1Validator) => ({
    nodeID: nodeIdToString(v.nodeId),
    weight: u(v.weight),
    startTime: u(v.startTime),
    validationID: idToString(v.validationId),
    publicKey: encodeHexNoChecksum(v.publicKey),
    remainingBalanceOwner: pChainOwner(v.remainingBalanceOwner),
    deactivationOwner: pChainOwner(v.deactivationOwner),
    minNonce: u(v.minNonce),
    balance: u(v.endAccumulatedFee !== 0n ? v.endAccumulatedFee - vm.state.accruedFees : 0n),
  });

  /** An L1's validators: legacy subnet validators first, then the L1 validators by node ID. */
  function l1Validators(subnet: Uint8Array, nodeIds: Uint8Array[]): unknown[] {
    const wanted = new Set(nodeIds.map(bytesToHex));
    const pick = (n: Uint8Array) => wanted.size === 0 || wanted.has(bytesToHex(n));
    const legacy = vm.state.stakers().filter((s) => compareBytes(s.subnetId, subnet) === 0 && s.priority === PRIORITY.subnetPermissionedValidator && pick(s.nodeId));
    const l1 = vm.state.l1Validators().filter((v) => compareBytes(v.subnetId, subnet) === 0 && pick(v.nodeId)).sort((a, b) => compareBytes(a.nodeId, b.nodeId));
    return [...legacy.map(stakerJson), ...l1.map(l1ValidatorJson)];
  }

  async function blockResponse(block: { bytes: Uint8Array } | undefined, encoding: Encoding, what: string) {
    if (!block) throw new Error(`${what}: not found`);
    if (encoding === 'json') return { block: blockToJson(block.bytes), encoding };
    return { block: encode(block.bytes, encoding), encoding };
  }

  function blockToJson(bytes: Uint8Array): unknown {
    const b = decodePlatformBlock(bytes);
    const base: Record<string, unknown> = { parentID: idToString(b.parentId), height: Number(b.height) };
    if ('time' in b) base.time = Number(b.time);
    if ('txs' in b) base.txs = b.txs.map((t) => txToJson(t, hrp));
    if ('tx' in b) base.tx = txToJson(b.tx, hrp);
    if ('decisionTxs' in b) base.txs = b.decisionTxs.map((t) => txToJson(t, hrp));
    return base;
  }

  const methods: RpcService['methods'] = {
    getHeight: () => ({ height: u(vm.engine.lastAccepted().height) }),
    getProposedHeight: () => ({ height: u(vm.engine.lastAccepted().height) }),
    getTimestamp: () => ({ timestamp: rfc3339(vm.state.timestamp) }),
    getStakingAssetID: (args) => {
      const subnet = subnetArg(args);
      if (!isPrimary(subnet)) throw new Error(`failed to get the subnet transformation for ${idToString(subnet)}: not found`);
      return { assetID: g.avaxAssetId.string };
    },
    getFeeConfig: () => {
      const f = vm.config.fee;
      return { weights: f.weights.map(Number), maxCapacity: Number(f.maxCapacity), maxPerSecond: Number(f.maxPerSecond), targetPerSecond: Number(f.targetPerSecond), minPrice: Number(f.minPrice), excessConversionConstant: Number(f.excessConversionConstant) };
    },
    getFeeState: () => {
      const f = vm.config.fee;
      const s = vm.state.fee;
      return { capacity: Number(s.capacity), excess: Number(s.excess), price: Number(gasPrice(f.minPrice, s.excess, f.excessConversionConstant)), timestamp: rfc3339(vm.state.timestamp) };
    },
    getMinStake: (args) => {
      if (!isPrimary(subnetArg(args))) throw new Error(`failed to get the subnet transformation for ${idToString(subnetArg(args))}: not found`);
      return { minValidatorStake: u(vm.config.minValidatorStake), minDelegatorStake: u(vm.config.minDelegatorStake) };
    },
    getCurrentSupply: (args) => {
      const subnet = subnetArg(args);
      if (!isPrimary(subnet)) throw new Error('fetching current supply failed: not found');
      return { supply: u(vm.state.supply), height: u(vm.engine.lastAccepted().height) };
    },
    getTotalStake: (args) => {
      const subnet = subnetArg(args);
      let total = vm.state.stakers().filter((s) => compareBytes(s.subnetId, subnet) === 0).reduce((a, s) => a + s.weight, 0n);
      // An L1's weight includes its L1 validators, active or not (the validator manager's total).
      for (const v of vm.state.l1Validators()) if (compareBytes(v.subnetId, subnet) === 0) total += v.weight;
      return isPrimary(subnet) ? { stake: u(total), weight: u(total) } : { weight: u(total) };
    },
    issueTx: async (args) => {
      const encoding = readEncoding(args);
      const bytes = decodeTx(args.string('tx'), encoding);
      const id = await vm.issueTx(bytes);
      return { txID: idToString(id) };
    },
    getTx: async (args) => {
      const encoding = readEncoding(args);
      const stored = await vm.store.getTx(args.id('txID'));
      if (!stored) throw new Error("couldn't get tx: not found");
      return { tx: encoding === 'json' ? txToJson(stored.bytes, hrp) : encode(stored.bytes, encoding), encoding };
    },
    getTxStatus: async (args) => {
      const id = args.id('txID');
      const stored = await vm.store.getTx(id);
      if (stored) return { status: stored.status };
      if (vm.isProcessing(id)) return { status: 'Processing' };
      const dropped = vm.dropReason(id);
      return dropped ? { status: 'Dropped', reason: dropped } : { status: 'Unknown' };
    },
    getBlock: async (args) => {
      const encoding = readEncoding(args);
      const id = args.id('blockID');
      return blockResponse(await vm.store.getBlock(id), encoding, `couldn't get block with id ${idToString(id)}`);
    },
    getBlockByHeight: async (args) => {
      const encoding = readEncoding(args);
      const height = args.uint64('height');
      const block = await vm.store.getBlockAt(height);
      if (!block) throw new Error(`couldn't get block at height ${height}: not found`);
      return blockResponse(block, encoding, '');
    },
    getUTXOs: async (args) => {
      const encoding = readEncoding(args);
      if (encoding === 'json') throw new Error('unsupported encoding json');
      const addresses = args.stringArray('addresses') ?? [];
      if (addresses.length > 1024) throw new Error(`number of addresses given, ${addresses.length}, exceeds maximum, 1024`);
      const shortIds = parseAddrs(addresses).sort(compareBytes).filter((a, i, all) => i === 0 || compareBytes(all[i - 1]!, a) !== 0);
      let limit = Number(args.uint64('limit'));
      if (limit <= 0 || limit > MAX_PAGE) limit = MAX_PAGE;
      const start = args.value('startIndex') as { address?: string; utxo?: string } | undefined;
      let startAddr: Uint8Array | undefined;
      let startUtxo: Uint8Array | undefined;
      if (start && start.address) {
        try {
          startAddr = parseAddress(start.address).shortId;
        } catch (e) {
          throw new Error(`couldn't parse start index address ${JSON.stringify(start.address)}: ${(e as Error).message}`);
        }
        try {
          startUtxo = idFromString(start.utxo ?? '');
        } catch (e) {
          throw new Error(`couldn't parse start index utxo: ${(e as Error).message}`);
        }
      }
      const source = args.optionalString('sourceChain');
      let utxos: Uint8Array[];
      let endAddr: Uint8Array | undefined;
      let endUtxo: Uint8Array | undefined;
      if (source) {
        const peer = vm.resolveChain(source);
        if (!peer) throw new Error(`problem parsing source chainID ${JSON.stringify(source)}: invalid blockchain alias`);
        const page = await vm.sharedIndexed(peer, shortIds, limit, startAddr && startUtxo ? { trait: startAddr, key: startUtxo } : undefined);
        utxos = page.values;
        endAddr = page.lastTrait;
        endUtxo = page.lastKey;
      } else {
        utxos = [];
        outer: for (const a of shortIds) {
          if (startAddr && compareBytes(a, startAddr) < 0) continue;
          for (const idHex of vm.state.utxoIdsOf(a)) {
            if (startAddr && startUtxo && compareBytes(a, startAddr) === 0 && idHex <= bytesToHex(startUtxo)) continue;
            const utxo = vm.state.utxos.get(idHex);
            if (!utxo) continue;
            utxos.push(encodeUtxo(utxo));
            endAddr = a;
            endUtxo = hexToBytes(idHex);
            if (utxos.length >= limit) break outer;
          }
        }
      }
      return {
        numFetched: u(utxos.length),
        utxos: utxos.map((b) => encode(b, encoding)),
        endIndex: { address: endAddr ? addr(endAddr) : '', utxo: endUtxo ? idToString(endUtxo) : '' },
        encoding,
      };
    },
    getBalance: (args) => {
      const addrs = parseAddrs(args.stringArray('addresses'));
      const now = vm.now();
      const ids = new Set<string>();
      for (const a of addrs) for (const id of vm.state.utxoIdsOf(a)) ids.add(id);
      const sums = { unlocked: new Map<string, bigint>(), lockedStakeable: new Map<string, bigint>(), lockedNotStakeable: new Map<string, bigint>() };
      const utxoIDs: { txID: string; outputIndex: number }[] = [];
      const add = (m: Map<string, bigint>, asset: string, v: bigint) => m.set(asset, (m.get(asset) ?? 0n) + v);
      for (const id of ids) {
        const utxo = vm.state.utxos.get(id)!;
        const asset = idToString(utxo.assetId);
        const o = utxo.output;
        if (o.owners.locktime > now) add(sums.lockedNotStakeable, asset, o.amount);
        else if (o.stakeableLocktime > now) add(sums.lockedStakeable, asset, o.amount);
        else add(sums.unlocked, asset, o.amount);
        utxoIDs.push({ txID: idToString(utxo.txId), outputIndex: utxo.outputIndex });
      }
      const balances = new Map<string, bigint>();
      for (const m of Object.values(sums)) for (const [k, v] of m) balances.set(k, (balances.get(k) ?? 0n) + v);
      const obj = (m: Map<string, bigint>) => Object.fromEntries([...m].map(([k, v]) => [k, u(v)]));
      const avax = g.avaxAssetId.string;
      return {
        balance: u(balances.get(avax) ?? 0n),
        unlocked: u(sums.unlocked.get(avax) ?? 0n),
        lockedStakeable: u(sums.lockedStakeable.get(avax) ?? 0n),
        lockedNotStakeable: u(sums.lockedNotStakeable.get(avax) ?? 0n),
        balances: obj(balances),
        unlockeds: obj(sums.unlocked),
        lockedStakeables: obj(sums.lockedStakeable),
        lockedNotStakeables: obj(sums.lockedNotStakeable),
        utxoIDs,
      };
    },
    getSubnet: (args) => {
      const id = subnetArg(args);
      if (isPrimary(id)) throw new Error("the primary network isn't a subnet");
      const s = vm.state.getSubnet(id);
      if (!s) throw new Error(`fetching subnet owner failed: not found`);
      const c = vm.state.getConversion(id);
      return {
        isPermissioned: !c,
        controlKeys: s.owner.addresses.map(addr),
        threshold: u(s.owner.threshold),
        locktime: u(s.owner.locktime),
        subnetTransformationTxID: idToString(new Uint8Array(32)),
        conversionID: idToString(c ? c.conversionId : new Uint8Array(32)),
        managerChainID: idToString(c ? c.chainId : new Uint8Array(32)),
        managerAddress: c ? encodeHexNoChecksum(c.address) : null,
      };
    },
    getSubnets: (args) => {
      const ids = args.stringArray('ids') ?? [];
      const subnetJson = (id: Uint8Array) => {
        if (isPrimary(id)) return { id: idToString(id), controlKeys: [], threshold: '0' };
        const s = vm.state.getSubnet(id);
        return s ? { id: idToString(id), controlKeys: s.owner.addresses.map(addr), threshold: u(s.owner.threshold) } : undefined;
      };
      if (ids.length === 0) {
        const all = [...vm.state.subnets.values()].sort((a, b) => Number(a.createdAt - b.createdAt)).map((s) => subnetJson(s.id)!);
        return { subnets: [...all, subnetJson(PRIMARY_NETWORK_ID)] };
      }
      return { subnets: ids.map((s) => subnetJson(idFromString(s))).filter((x) => x !== undefined) };
    },
    getBlockchains: () => ({
      blockchains: [...vm.state.chains.values()].map((c) => ({ id: idToString(c.id), name: c.name, subnetID: idToString(c.subnetId), vmID: idToString(c.vmId) })),
    }),
    getBlockchainStatus: (args) => {
      const text = args.string('blockchainID');
      if (text === '') throw new Error("argument 'blockchainID' not given");
      const running = vm.resolveChain(text);
      if (running) return { status: 'Validating' };
      let id: Uint8Array;
      try {
        id = idFromString(text);
      } catch (e) {
        throw new Error(`problem parsing blockchainID ${JSON.stringify(text)}: ${(e as Error).message}`);
      }
      return { status: vm.state.getChain(id) ? 'Created' : 'Unknown' };
    },
    validatedBy: (args) => {
      const id = args.id('blockchainID');
      const c = vm.state.getChain(id);
      if (!c) throw new Error(`problem retrieving blockchain ${JSON.stringify(idToString(id))}: not found`);
      return { subnetID: idToString(c.subnetId) };
    },
    validates: (args) => {
      const subnet = subnetArg(args);
      if (!isPrimary(subnet) && !vm.state.getSubnet(subnet)) throw new Error(`problem retrieving subnet ${JSON.stringify(idToString(subnet))}: not found`);
      return { blockchainIDs: [...vm.state.chains.values()].filter((c) => compareBytes(c.subnetId, subnet) === 0).map((c) => idToString(c.id)) };
    },
    getCurrentValidators: async (args) => {
      const nodeIds = (args.stringArray('nodeIDs') ?? []).map((n) => nodeIdFromString(n));
      const subnet = subnetArg(args);
      if (vm.state.getConversion(subnet)) return { validators: l1Validators(subnet, nodeIds) };
      return { validators: await currentValidators(subnet, nodeIds) };
    },
    getL1Validator: (args) => {
      const id = args.id('validationID');
      const v = vm.state.getL1Validator(id);
      if (!v) throw new Error(`fetching L1 validator ${JSON.stringify(idToString(id))} failed: not found`);
      return { ...l1ValidatorJson(v), subnetID: idToString(v.subnetId), height: u(vm.engine.lastAccepted().height) };
    },
    getValidatorFeeConfig: () => {
      const f = vm.config.validatorFee;
      return { capacity: Number(f.capacity), target: Number(f.target), minPrice: Number(f.minPrice), excessConversionConstant: Number(f.excessConversionConstant) };
    },
    getValidatorFeeState: () => {
      const f = vm.config.validatorFee;
      const excess = vm.state.l1Excess;
      return { excess: Number(excess), price: Number(gasPrice(f.minPrice, excess, f.excessConversionConstant)), timestamp: rfc3339(vm.state.timestamp) };
    },
    getPendingValidators: () => ({ validators: [], delegators: [] }),
    getValidatorsAt: async (args) => {
      const h = args.value('height');
      const height = h === 'proposed' ? vm.engine.lastAccepted().height : args.uint64('height');
      const set = await vm.store.setAt(subnetArg(args), height);
      return Object.fromEntries(set.map((e) => [nodeIdToString(e.nodeId), { publicKey: e.publicKey ? encodeHexNoChecksum(e.publicKey) : null, weight: u(e.weight) }]));
    },
    sampleValidators: (args) => {
      const size = Number(args.uint64('size'));
      const set = vm.validatorSet(vm.state, subnetArg(args));
      if (size > set.length) throw new Error(`sampling ${idToString(subnetArg(args))} errored with insufficient weight`);
      const picked = [...set].sort(() => Math.random() - 0.5).slice(0, size).map((e) => nodeIdToString(e.nodeId));
      return { validators: picked.sort() };
    },
    getRewardUTXOs: async (args) => {
      const encoding = readEncoding(args);
      const utxos = await vm.store.getRewardUtxos(args.id('txID'));
      return { numFetched: u(utxos.length), utxos: utxos.map((x: Utxo) => encode(encodeUtxo(x), encoding)), encoding };
    },
    getStake: async (args) => {
      const encoding = readEncoding(args);
      const addrs = new Set(parseAddrs(args.stringArray('addresses')).map(bytesToHex));
      const validatorsOnly = args.boolean('validatorsOnly');
      let staked = 0n;
      const outs: string[] = [];
      for (const s of vm.state.stakers()) {
        if (validatorsOnly && s.priority !== PRIORITY.primaryValidator) continue;
        const tx = await vm.getSignedTx(s.txId);
        const t = tx?.unsigned;
        if (!t || !('stake' in t)) continue;
        for (const o of t.stake as TransferableOutput[]) {
          if (!o.output.owners.addresses.some((a) => addrs.has(bytesToHex(a)))) continue;
          staked += o.output.amount;
          outs.push(encode(new Uint8Array([0, 0, ...o.assetId, ...o.output.bytes]), encoding));
        }
      }
      return { staked: u(staked), stakeds: staked > 0n ? { [g.avaxAssetId.string]: u(staked) } : {}, stakedOutputs: outs, encoding };
    },
  };
  return { name: 'platform', methods };
}

/** Mounts the service at the P-chain's base (`bc/<P chain id>`), endpoint '', with any extra services beside it. */
export function registerPlatformRoutes(router: Router, base: string, vm: PlatformVm, extra: RpcService[] = []): void {
  router.addRoute(base, '', { handler: createAvalancheRpcHandler([createPlatformService(vm), ...extra]) });
}
