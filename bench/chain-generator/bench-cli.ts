/**
 * The Firn CLI (`firn node`, `firn index`) as the benchmark runs it: the same entry as bin/firn.js, under a
 * file name other helpers' `pkill -f firn.js` (meant for their own devnets) does not match, so a long run
 * is not cut short by someone else's clean-up.
 */
import { main } from '../../src/cli/main.js';

await main(process.argv.slice(2));
