/**
 * Every response of every seed-000 operation validates against the real service's OpenAPI document: success bodies
 * against ../shared/reference/openapi/glacier-response-schemas.json (the success status and schema of each of the 16
 * operations), error bodies against the error schema glacier.json declares for that operation and status (an
 * undeclared status fails). The responses come from Firn's Data API over a real devnet with every kind of activity,
 * indexed by the real indexer (test/helpers/indexed-devnet.ts): lists page by page with each filter and sort,
 * every C-chain transaction, contract and NFT the node has, each validator by node id, and the malformed, unknown and
 * unavailable requests of each operation, including every signature-aggregation answer.
 */
import { referenceOpenApiDir } from '../helpers/reference.js';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pAddressOf, xAddressOf } from '../../src/activity/keys.js';
import { idFromString, idToString } from '../../src/lib/cb58.js';
import { postgresAvailable } from '../../src/store/testing.js';
import { startIndexedDevnet, TRANSFER_SINGLE_TOPIC, TRANSFER_TOPIC, type IndexedDevnet } from '../helpers/indexed-devnet.js';

const REFERENCE = referenceOpenApiDir();
const responseSchemas = JSON.parse(readFileSync(resolve(REFERENCE, 'glacier-response-schemas.json'), 'utf8')) as Record<string, { status: number; schema: Record<string, any> }>;
const glacier = JSON.parse(readFileSync(resolve(REFERENCE, 'glacier.json'), 'utf8'));
const SEED_OPERATIONS = Object.keys(responseSchemas);
const PRIMARY_NETWORK_ID = '11111111111111111111111111111111LpoYY';
const REASONS: Record<number, string> = {
  400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found', 429: 'Too Many Requests', 500: 'Internal Server Error', 502: 'Bad Gateway', 503: 'Service Unavailable',
};

// validateSchema off: the reference carries a few non-array `examples`, which do not affect validation.
const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
ajv.addSchema({ $id: 'glacier', components: glacier.components });

/** Each seed operation's declared responses in glacier.json: status → component schema name. */
const declared = new Map<string, Map<number, string>>();
for (const methods of Object.values(glacier.paths) as Record<string, any>[]) {
  for (const op of Object.values(methods)) {
    if (!SEED_OPERATIONS.includes(op?.operationId)) continue;
    const statuses = new Map<number, string>();
    for (const [status, response] of Object.entries(op.responses as Record<string, any>)) {
      const ref = response.content?.['application/json']?.schema?.$ref as string | undefined;
      if (ref) statuses.set(Number(status), ref.replace('#/components/schemas/', ''));
    }
    declared.set(op.operationId, statuses);
  }
}

const compiled = new Map<string, ValidateFunction>();
function compiledOnce(key: string, schema: () => object): ValidateFunction {
  let v = compiled.get(key);
  if (!v) compiled.set(key, (v = ajv.compile(schema())));
  return v;
}

/**
 * The member of a root `oneOf` the body is about, where the reference's oneOf cannot tell members apart (an empty
 * primary-network transaction list fits the P-, X- and C-chain lists alike): its chainInfo.chainName.
 */
const ONE_OF_MEMBER: Record<string, (body: any) => string | undefined> = {
  // chainInfo.chainName is required: a body without it fails the reference schema itself.
  listLatestPrimaryNetworkTransactions: (body) => ({ 'p-chain': 'ListPChainTransactionsResponse', 'x-chain': 'ListXChainTransactionsResponse', 'c-chain': 'ListCChainAtomicTransactionsResponse' } as Record<string, string>)[body?.chainInfo?.chainName],
};

/**
 * Why `body` does not validate against the reference schema of `operationId`'s success response; undefined when it
 * does. Where ONE_OF_MEMBER names the member, the body must also be a valid instance of that member (the reference's
 * oneOf alone takes a C-chain list labelled p-chain, and no empty list).
 */
function successProblem(operationId: string, body: unknown): string | undefined {
  const entry = responseSchemas[operationId]!;
  const validate = compiledOnce(operationId, () => entry.schema);
  const valid = validate(body);
  const errors = validate.errors ?? [];
  const member = ONE_OF_MEMBER[operationId]?.(body);
  if (!member) return valid ? undefined : ajv.errorsText(errors as ErrorObject[]);
  // Several members fitting is no fault of the body's; any other failure is.
  const ambiguous = errors.length === 1 && errors[0]!.keyword === 'oneOf' && errors[0]!.instancePath === '' && Array.isArray(errors[0]!.params.passingSchemas);
  if (!valid && !ambiguous) return ajv.errorsText(errors as ErrorObject[]);
  const own = compiledOnce(`${operationId}#${member}`, () => ({ $schema: entry.schema.$schema, $defs: entry.schema.$defs, $ref: `#/$defs/${member}` }));
  return own(body) ? undefined : `not a ${member}: ${ajv.errorsText(own.errors)}`;
}

/** Why `body` is not the error body `operationId` declares for `status`; undefined when it is. */
function errorProblem(operationId: string, status: number, body: unknown): string | undefined {
  const { statusCode, error } = (body ?? {}) as { statusCode?: unknown; error?: unknown };
  const component = declared.get(operationId)?.get(status);
  if (!component) return `${operationId} declares no ${status} response`;
  const validate = compiledOnce(`error ${component}`, () => ({ $ref: `glacier#/components/schemas/${component}` }));
  if (!validate(body)) return `the error body does not match ${component}: ${ajv.errorsText(validate.errors)}`;
  if (statusCode !== status || error !== REASONS[status]) return `statusCode ${String(statusCode)} and error ${String(error)} do not name ${status}`;
  return undefined;
}

interface Seen { operationId: string; status: number; what: string }

describe(`every seed-000 response validates against the reference OpenAPI schemas (${(await postgresAvailable()) ? 'postgres' : 'pglite'})`, () => {
  let env: IndexedDevnet;
  const seen: Seen[] = [];

  beforeAll(async () => {
    env = await startIndexedDevnet({ pageTokenSecret: 'openapi-responses-test-secret' });
  }, 300_000);

  afterAll(async () => {
    await env?.stop();
  });

  /**
   * Calls the Data API and validates the answer: the operation's success schema for its success status, else the
   * error schema the reference declares for that status. Returns the body.
   */
  async function call(operationId: string, path: string, options: { method?: 'GET' | 'POST'; body?: unknown; expect?: number } = {}): Promise<any> {
    const res = await fetch(`${env.urls.dataApi}${path}`, {
      method: options.method ?? 'GET',
      headers: { accept: 'application/json', ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}) },
      ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
    });
    const text = await res.text();
    const what = `${options.method ?? 'GET'} ${path} → ${res.status}`;
    expect(res.headers.get('content-type'), what).toMatch(/^application\/json/);
    const body = JSON.parse(text);
    if (options.expect !== undefined) expect(res.status, `${what}: ${text.slice(0, 500)}`).toBe(options.expect);
    const success = responseSchemas[operationId]!.status;
    if (res.status === success) {
      const problem = successProblem(operationId, body);
      if (problem) throw new Error(`${what}: the body does not match ${operationId}'s reference schema: ${problem}\n${text.slice(0, 3000)}`);
    } else {
      const problem = errorProblem(operationId, res.status, body);
      if (problem) throw new Error(`${what}: ${problem}\n${text.slice(0, 1000)}`);
    }
    seen.push({ operationId, status: res.status, what });
    return body;
  }

  /** Every page of a list, each validated; the items under `key`. */
  async function everyPage(operationId: string, path: string, key: string): Promise<any[]> {
    const items: any[] = [];
    let token: string | undefined;
    let pages = 0;
    do {
      const sep = path.includes('?') ? '&' : '?';
      const body = await call(operationId, token ? `${path}${sep}pageToken=${encodeURIComponent(token)}` : path, { expect: responseSchemas[operationId]!.status });
      items.push(...body[key]);
      token = body.nextPageToken;
    } while (token && ++pages < 1000);
    return items;
  }

  /** The generator's first validation: its tx, node id and staker. */
  const v = () => {
    const [validation] = env.done('p.validator');
    return { txHash: validation!.txs[0]!.id, nodeId: /validates as (NodeID-\S+)/.exec(validation!.detail!)![1]!, user: env.userNamed(/^(user\d+) validates/.exec(validation!.detail!)![1]!) };
  };

  const fails = (operationId: string, path: string, status: number, options: { method?: 'GET' | 'POST'; body?: unknown } = {}) => call(operationId, path, { ...options, expect: status });

  describe('EVM chains', () => {
    it('supportedChains', async () => {
      for (const q of ['', '?network=fuji', '?network=testnet', '?network=mainnet', '?feature=nftIndexing', '?network=fuji&feature=webhooks', '?network=local']) {
        await call('supportedChains', `/v1/chains${q}`, { expect: 200 });
      }
      await fails('supportedChains', '/v1/chains?network=devnet', 400);
      await fails('supportedChains', '/v1/chains?feature=everything', 400);
    });

    it('listLatestTransactions: every page, each status filter, both chain ids; bad parameters', async () => {
      const all = await everyPage('listLatestTransactions', '/v1/chains/43112/transactions?pageSize=7', 'transactions');
      expect(all.length).toBe(env.cBlocks.reduce((n, b) => n + b.txs.length, 0));
      await everyPage('listLatestTransactions', '/v1/chains/43112/transactions?status=failed', 'transactions');
      await everyPage('listLatestTransactions', `/v1/chains/${env.cChainId}/transactions?status=success&pageSize=100`, 'transactions');
      await fails('listLatestTransactions', '/v1/chains/43112/transactions?pageSize=0', 400);
      await fails('listLatestTransactions', '/v1/chains/43112/transactions?pageSize=101', 400);
      await fails('listLatestTransactions', '/v1/chains/43112/transactions?status=reverted', 400);
      await fails('listLatestTransactions', '/v1/chains/43112/transactions?pageToken=not-a-token', 400);
      await fails('listLatestTransactions', '/v1/chains/999999/transactions', 404);
    });

    it('getTransaction: every transaction the node has; unknown and malformed hashes', async () => {
      const hashes = env.cBlocks.flatMap((b) => b.txs.map((t: any) => t.hash as string));
      expect(hashes.length).toBeGreaterThan(50);
      for (const hash of hashes) await call('getTransaction', `/v1/chains/43112/transactions/${hash}`, { expect: 200 });
      await fails('getTransaction', `/v1/chains/43112/transactions/0x${'ab'.repeat(32)}`, 404);
      await fails('getTransaction', '/v1/chains/43112/transactions/0x1234', 400);
      await fails('getTransaction', `/v1/chains/999999/transactions/${hashes[0]}`, 404);
    });

    it('getLatestBlocks: every page; bad parameters', async () => {
      const blocks = await everyPage('getLatestBlocks', '/v1/chains/43112/blocks?pageSize=9', 'blocks');
      expect(blocks.length).toBe(env.cBlocks.length);
      await everyPage('getLatestBlocks', `/v1/chains/${env.cChainId}/blocks?pageSize=100`, 'blocks');
      await fails('getLatestBlocks', '/v1/chains/43112/blocks?pageSize=abc', 400);
      await fails('getLatestBlocks', '/v1/chains/43112/blocks?pageToken=%2F%2F', 400);
      await fails('getLatestBlocks', '/v1/chains/nope/blocks', 400);
      await fails('getLatestBlocks', '/v1/chains/999999/blocks', 404);
    });

    it('getContractMetadata: every contract the node created and every token contract that logged a transfer; accounts and bad addresses', async () => {
      const contracts = new Set<string>();
      for (const b of env.cBlocks) {
        for (const r of b.receipts) {
          if (r.contractAddress) contracts.add(r.contractAddress);
          for (const l of r.logs) if (l.topics[0] === TRANSFER_TOPIC || l.topics[0] === TRANSFER_SINGLE_TOPIC) contracts.add(l.address);
        }
      }
      expect(contracts.size).toBeGreaterThan(3);
      const kinds = new Set<string>();
      for (const address of contracts) {
        const body = await call('getContractMetadata', `/v1/chains/43112/addresses/${address}`);
        if (body.ercType) kinds.add(body.ercType);
      }
      expect([...kinds].sort()).toEqual(expect.arrayContaining(['ERC-1155', 'ERC-20', 'ERC-721']));
      await call('getContractMetadata', `/v1/chains/43112/addresses/${env.me.address}`);
      await fails('getContractMetadata', '/v1/chains/43112/addresses/0xnope', 400);
      await fails('getContractMetadata', `/v1/chains/999999/addresses/${env.at.token}`, 404);
    });

    it('getTokenDetails: every ERC-721 and ERC-1155 token that moved; unknown tokens and bad addresses', async () => {
      const tokens = new Map<string, string>();
      for (const b of env.cBlocks) {
        for (const r of b.receipts) {
          for (const l of r.logs) {
            if (l.topics[0] === TRANSFER_TOPIC && l.topics.length === 4) tokens.set(`${l.address}/${BigInt(l.topics[3])}`, 'ERC-721');
            if (l.topics[0] === TRANSFER_SINGLE_TOPIC) tokens.set(`${l.address}/${BigInt(l.data.slice(0, 66))}`, 'ERC-1155');
          }
        }
      }
      expect(new Set(tokens.values())).toEqual(new Set(['ERC-721', 'ERC-1155']));
      for (const [key, ercType] of tokens) {
        const body = await call('getTokenDetails', `/v1/chains/43112/nfts/collections/${key.replace('/', '/tokens/')}`, { expect: 200 });
        expect(body.ercType).toBe(ercType);
      }
      await fails('getTokenDetails', `/v1/chains/43112/nfts/collections/${env.at.nft}/tokens/999999`, 404);
      await fails('getTokenDetails', `/v1/chains/43112/nfts/collections/${env.at.token}/tokens/1`, 404);
      await fails('getTokenDetails', '/v1/chains/43112/nfts/collections/0x12/tokens/1', 400);
    });
  });

  describe('primary network', () => {

    it('listLatestPrimaryNetworkTransactions: every transaction of the P-, X- and C-chain, with each filter and sort; bad parameters', async () => {
      for (const chain of ['p-chain', 'x-chain', 'c-chain']) {
        const txs = await everyPage('listLatestPrimaryNetworkTransactions', `/v1/networks/fuji/blockchains/${chain}/transactions?pageSize=50`, 'transactions');
        expect(txs.length, chain).toBeGreaterThan(0);
      }
      const xId = (await env.node('/ext/info', 'info.getBlockchainID', { alias: 'X' })).blockchainID as string;
      const pBase = `/v1/networks/fuji/blockchains/${PRIMARY_NETWORK_ID}/transactions`;
      const user = v().user;
      const filters = [
        `addresses=${pAddressOf('local', user)}`, `addresses=${pAddressOf('local', user).slice(2)},${pAddressOf('local', env.ewoq)}&sortOrder=asc`,
        `addresses=${pAddressOf('local', env.ewoq)}&txTypes=BaseTx&txTypes=ImportTx`, 'txTypes=AddPermissionlessValidatorTx,AddPermissionlessDelegatorTx',
        'txTypes=CreateSubnetTx&startTimestamp=0&endTimestamp=4000000000', `l1ValidationId=${idToString(new Uint8Array(32).fill(7))}`,
      ];
      for (const q of filters) await everyPage('listLatestPrimaryNetworkTransactions', `${pBase}?${q}`, 'transactions');
      await everyPage('listLatestPrimaryNetworkTransactions', `/v1/networks/testnet/blockchains/${xId}/transactions?addresses=${xAddressOf('local', env.ewoq)}&txTypes=CreateAssetTx,BaseTx,OperationTx`, 'transactions');
      await everyPage('listLatestPrimaryNetworkTransactions', `/v1/networks/fuji/blockchains/c-chain/transactions?addresses=${env.me.address}`, 'transactions');
      await everyPage('listLatestPrimaryNetworkTransactions', '/v1/networks/local/blockchains/c-chain/transactions?sortOrder=asc&pageSize=1', 'transactions');

      await fails('listLatestPrimaryNetworkTransactions', `${pBase}?addresses=not-an-address`, 400);
      await fails('listLatestPrimaryNetworkTransactions', `${pBase}?txTypes=NoSuchTx`, 400);
      await fails('listLatestPrimaryNetworkTransactions', `${pBase}?startTimestamp=-1`, 400);
      await fails('listLatestPrimaryNetworkTransactions', `${pBase}?sortOrder=up`, 400);
      await fails('listLatestPrimaryNetworkTransactions', `${pBase}?pageToken=abc`, 400);
      await fails('listLatestPrimaryNetworkTransactions', `/v1/networks/fuji/blockchains/x-chain/transactions?l1ValidationId=${idToString(new Uint8Array(32).fill(7))}`, 400);
      await fails('listLatestPrimaryNetworkTransactions', '/v1/networks/fuji/blockchains/q-chain/transactions', 400);
      await fails('listLatestPrimaryNetworkTransactions', '/v1/networks/devnet/blockchains/p-chain/transactions', 400);
      // Mainnet is not indexed here.
      await call('listLatestPrimaryNetworkTransactions', '/v1/networks/mainnet/blockchains/p-chain/transactions');
    });

    it('listLatestPrimaryNetworkBlocks: every block of the P- and X-chain, a timestamp window; the C-chain and bad parameters', async () => {
      for (const chain of ['p-chain', 'x-chain']) {
        const blocks = await everyPage('listLatestPrimaryNetworkBlocks', `/v1/networks/fuji/blockchains/${chain}/blocks?pageSize=11`, 'blocks');
        const times = blocks.map((b) => b.blockTimestamp as number);
        await everyPage('listLatestPrimaryNetworkBlocks', `/v1/networks/fuji/blockchains/${chain}/blocks?startTimestamp=${times[times.length - 1]! + 1}&endTimestamp=${times[0]}`, 'blocks');
      }
      await call('listLatestPrimaryNetworkBlocks', '/v1/networks/fuji/blockchains/c-chain/blocks');
      await fails('listLatestPrimaryNetworkBlocks', '/v1/networks/fuji/blockchains/p-chain/blocks?endTimestamp=-5', 400);
      await fails('listLatestPrimaryNetworkBlocks', '/v1/networks/fuji/blockchains/p-chain/blocks?pageSize=1000', 400);
      await call('listLatestPrimaryNetworkBlocks', '/v1/networks/mainnet/blockchains/x-chain/blocks');
    });

    it('listLatestXChainVertices: the X-chain by alias and by id; other chains and bad parameters', async () => {
      const xId = (await env.node('/ext/info', 'info.getBlockchainID', { alias: 'X' })).blockchainID as string;
      await call('listLatestXChainVertices', '/v1/networks/fuji/blockchains/x-chain/vertices', { expect: 200 });
      await call('listLatestXChainVertices', `/v1/networks/fuji/blockchains/${xId}/vertices?pageSize=100`, { expect: 200 });
      await fails('listLatestXChainVertices', '/v1/networks/fuji/blockchains/p-chain/vertices', 400);
      await fails('listLatestXChainVertices', '/v1/networks/fuji/blockchains/x-chain/vertices?pageSize=0', 400);
      await call('listLatestXChainVertices', '/v1/networks/mainnet/blockchains/x-chain/vertices');
    });

    it('listSubnets: every page both ways; bad parameters', async () => {
      const subnets = await everyPage('listSubnets', '/v1/networks/fuji/subnets?pageSize=1', 'subnets');
      expect(subnets.length).toBeGreaterThan(1);
      await everyPage('listSubnets', '/v1/networks/testnet/subnets?sortOrder=asc&pageSize=10000', 'subnets');
      await fails('listSubnets', '/v1/networks/fuji/subnets?pageSize=10001', 400);
      await fails('listSubnets', '/v1/networks/fuji/subnets?sortOrder=sideways', 400);
      await call('listSubnets', '/v1/networks/mainnet/subnets');
    });

    it('listValidators: every page, each status, sort and filter; bad parameters', async () => {
      const all = await everyPage('listValidators', '/v1/networks/fuji/validators?pageSize=2', 'validators');
      expect(all.length).toBeGreaterThan(1);
      const queries = [
        ...['active', 'pending', 'completed', 'removed'].map((s) => `validationStatus=${s}`),
        ...['blockIndex', 'delegationCapacity', 'timeRemaining', 'uptimePerformance'].flatMap((s) => [`sortBy=${s}`, `sortBy=${s}&sortOrder=asc`]),
        `subnetId=${PRIMARY_NETWORK_ID}`, `nodeIds=${v().nodeId.slice(7, 15)}`, 'minDelegationCapacity=0&maxDelegationCapacity=720000000000000000',
        'minTimeRemaining=0&maxTimeRemaining=2147483647', 'minFeePercentage=2&maxFeePercentage=100', 'minUptimePerformance=0&maxUptimePerformance=100',
      ];
      for (const q of queries) await everyPage('listValidators', `/v1/networks/fuji/validators?${q}`, 'validators');
      for (const q of ['minFeePercentage=1', 'maxUptimePerformance=101', 'minTimeRemaining=-1', 'maxDelegationCapacity=720000000000000001', 'sortBy=delegationFee', 'sortBy=stake', 'validationStatus=gone', 'pageSize=101']) {
        await fails('listValidators', `/v1/networks/fuji/validators?${q}`, 400);
      }
      await call('listValidators', '/v1/networks/mainnet/validators');
    });

    it('getSingleValidatorDetails: every validator node, each status; unknown and malformed node ids', async () => {
      const current = (await env.node('/ext/bc/P', 'platform.getCurrentValidators')).validators as any[];
      for (const node of current) await everyPage('getSingleValidatorDetails', `/v1/networks/fuji/validators/${node.nodeID}?pageSize=1`, 'validators');
      for (const s of ['active', 'completed', 'pending', 'removed']) await call('getSingleValidatorDetails', `/v1/networks/fuji/validators/${v().nodeId}?validationStatus=${s}&sortOrder=asc`, { expect: 200 });
      await fails('getSingleValidatorDetails', '/v1/networks/fuji/validators/NodeID-111111111111111111116DBWJs', 404);
      await fails('getSingleValidatorDetails', '/v1/networks/fuji/validators/not-a-node', 400);
      await fails('getSingleValidatorDetails', `/v1/networks/fuji/validators/${v().nodeId}?validationStatus=gone`, 400);
    });

    it('listDelegators: every page, each status and filter; bad parameters', async () => {
      const all = await everyPage('listDelegators', '/v1/networks/fuji/delegators?pageSize=1', 'delegators');
      expect(all.length).toBe(env.done('p.delegator').length);
      for (const q of ['delegationStatus=active', 'delegationStatus=pending', 'delegationStatus=completed', 'sortOrder=asc', `nodeIds=${v().nodeId}`, `rewardAddresses=${all[0].rewardAddresses[0]}`]) {
        await everyPage('listDelegators', `/v1/networks/fuji/delegators?${q}`, 'delegators');
      }
      await fails('listDelegators', '/v1/networks/fuji/delegators?delegationStatus=removed', 400);
      await fails('listDelegators', '/v1/networks/fuji/delegators?pageSize=-1', 400);
      await call('listDelegators', '/v1/networks/mainnet/delegators');
    });

    it('listL1Validators: default, inactive included, by subnet, node and validation id; bad parameters', async () => {
      const subnet = ((await env.node('/ext/bc/P', 'platform.getSubnets')).subnets as any[]).find((s) => s.id !== PRIMARY_NETWORK_ID).id;
      for (const q of ['', '?includeInactiveL1Validators=true', `?subnetId=${subnet}`, `?nodeId=${v().nodeId}`, `?l1ValidationId=${idToString(new Uint8Array(32).fill(9))}`, '?pageSize=100']) {
        await call('listL1Validators', `/v1/networks/fuji/l1Validators${q}`, { expect: 200 });
      }
      await fails('listL1Validators', '/v1/networks/fuji/l1Validators?nodeId=not-a-node', 400);
      await fails('listL1Validators', '/v1/networks/fuji/l1Validators?includeInactiveL1Validators=maybe', 400);
      await fails('listL1Validators', '/v1/networks/fuji/l1Validators?l1ValidationId=xyz', 400);
      await call('listL1Validators', '/v1/networks/mainnet/l1Validators');
    });
  });

  describe('signature aggregation', () => {
    async function warpMessage(networkId?: number): Promise<string> {
      const id = networkId ?? Number((await env.node('/ext/info', 'info.getNetworkID')).networkID);
      const payload = Buffer.from('firn openapi test');
      const out = Buffer.alloc(42 + payload.length);
      out.writeUInt32BE(id, 2);
      Buffer.from(idFromString(env.cChainId)).copy(out, 6);
      out.writeUInt32BE(payload.length, 38);
      payload.copy(out, 42);
      return out.toString('hex');
    }

    it('aggregateSignatures: a valid request (503) and every malformed one (400)', async () => {
      const message = await warpMessage();
      const path = '/v1/signatureAggregator/fuji/aggregateSignatures';
      const post = (body: unknown, status: number) => fails('aggregateSignatures', path, status, { method: 'POST', body });
      await post({ message }, 503);
      await post({ message: `0x${message}`, justification: '0x00', signingSubnetId: PRIMARY_NETWORK_ID, quorumPercentage: 67, quorumPercentageBuffer: 33, pChainHeight: 0 }, 503);
      await post({ justification: '0001abcdabcfff' }, 400); // a justification alone names no message to sign
      await post({}, 400);
      await post({ message: 'xyz' }, 400);
      await post({ message, justification: 'abc' }, 400);
      await post({ message: await warpMessage(1) }, 400);
      await post({ message, quorumPercentage: 90, quorumPercentageBuffer: 20 }, 400);
      await post({ message, quorumPercentage: 101 }, 400);
      await post({ message, pChainHeight: -1 }, 400);
      await post({ message, signingSubnetId: 'nope' }, 400);
      await post({ message: 42 }, 400);
      await fails('aggregateSignatures', '/v1/signatureAggregator/devnet/aggregateSignatures', 400, { method: 'POST', body: { message } });
    });

    it('getAggregatedSignatures: unknown (404), not an L1 transaction (400), malformed (400)', async () => {
      const base = '/v1/signatureAggregator/fuji/aggregateSignatures';
      await fails('getAggregatedSignatures', `${base}/${idToString(new Uint8Array(32).fill(0xab))}`, 404);
      await fails('getAggregatedSignatures', `${base}/${v().txHash}`, 400);
      await fails('getAggregatedSignatures', `${base}/${env.stats.setupTxs.find((x) => x.chain === 'X')!.id}`, 400);
      await fails('getAggregatedSignatures', `${base}/not-a-tx`, 400);
      await fails('getAggregatedSignatures', `/v1/signatureAggregator/devnet/aggregateSignatures/${v().txHash}`, 400);
    });
  });

  it('the validation is live: a null, a wrong type, an unknown enum value, a missing key or a foreign member fails', async () => {
    const blocks = await call('getLatestBlocks', '/v1/chains/43112/blocks?pageSize=1', { expect: 200 });
    const block = blocks.blocks[0];
    const { blockHash: _, ...withoutHash } = block;
    for (const broken of [{ ...block, blockTimestamp: null }, { ...block, txCount: String(block.txCount) }, withoutHash]) {
      expect(successProblem('getLatestBlocks', { blocks: [broken] }), JSON.stringify(broken)).toBeDefined();
    }
    const validators = await call('listValidators', '/v1/networks/fuji/validators?validationStatus=active&pageSize=1', { expect: 200 });
    expect(successProblem('listValidators', { validators: [{ ...validators.validators[0], validationStatus: 'paused' }] })).toBeDefined();
    const { geolocation: __, ...withoutGeolocation } = validators.validators[0];
    expect(successProblem('listValidators', { validators: [withoutGeolocation] })).toBeDefined();
    // An empty list fits every member of the reference's oneOf; a C-chain transaction in a P-chain list fits none.
    const p = { transactions: [], chainInfo: { chainName: 'p-chain', network: 'fuji' } };
    expect(successProblem('listLatestPrimaryNetworkTransactions', p)).toBeUndefined();
    const c = await call('listLatestPrimaryNetworkTransactions', '/v1/networks/fuji/blockchains/c-chain/transactions?pageSize=1', { expect: 200 });
    expect(successProblem('listLatestPrimaryNetworkTransactions', { ...p, transactions: c.transactions })).toBeDefined();
    expect(errorProblem('listSubnets', 400, { message: 5, statusCode: 400, error: 'Bad Request' })).toBeDefined();
    expect(errorProblem('listSubnets', 400, { message: ['x'], statusCode: 400 })).toBeDefined();
    expect(errorProblem('listSubnets', 404, { message: 'x', statusCode: 404, error: 'Bad Request' })).toBeDefined();
    expect(errorProblem('listSubnets', 418, { message: 'x', statusCode: 418, error: 'I\'m a teapot' })).toBeDefined();
  });

  it('an unknown route answers the error body', async () => {
    const res = await fetch(`${env.urls.dataApi}/v1/nope`);
    expect(res.status).toBe(404);
    const validate = compiledOnce('error NotFound', () => ({ $ref: 'glacier#/components/schemas/NotFound' }));
    const body = await res.json();
    expect(validate(body), JSON.stringify(body)).toBe(true);
    expect(body).toMatchObject({ statusCode: 404, error: 'Not Found' });
  });

  it('covered every seed-000 operation: a success body for each (signature aggregation answers errors only) and error bodies for each', () => {
    const byOperation = new Map<string, Set<number>>();
    for (const s of seen) byOperation.set(s.operationId, (byOperation.get(s.operationId) ?? new Set()).add(s.status));
    expect([...byOperation.keys()].sort()).toEqual([...SEED_OPERATIONS].sort());
    for (const operationId of SEED_OPERATIONS) {
      const statuses = byOperation.get(operationId)!;
      if (!operationId.toLowerCase().includes('aggregat')) expect(statuses.has(responseSchemas[operationId]!.status), operationId).toBe(true);
      expect([...statuses].some((s) => s >= 400), operationId).toBe(true);
    }
    expect(byOperation.get('aggregateSignatures')).toEqual(new Set([400, 503]));
    expect(byOperation.get('getAggregatedSignatures')).toEqual(new Set([400, 404]));
  });
});
