/**
 * `node --import tsx bench/chain-generator/main.ts [--blocks=N] [--txs-per-block=N] ...`: generates (or finds
 * in bench/.cache) the benchmark chain and prints where it is.
 */
import { paramsFromArgs } from './chain-params.js';
import { ensureChain } from './generate-chain.js';

const chain = await ensureChain(paramsFromArgs(process.argv.slice(2)));
process.stdout.write(JSON.stringify(chain, null, 2) + '\n');
