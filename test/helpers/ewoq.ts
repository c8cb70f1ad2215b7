import { hexToBytes } from '../../src/lib/hex.js';

/** The well-known ewoq test key, funded on every local network's P-, X- and C-chain (as in AvalancheGo). */
export const EWOQ_KEY = hexToBytes('56289e99c94b6912bfc12adc093c9b51124f0dc54ac7a766b2bc5ccf558d8027');
/** ewoq's P-chain address on the devnet (network 12345, HRP `local`). */
export const EWOQ_P = 'P-local18jma8ppw3nhx5r4ap8clazz0dps7rv5u00z96u';
/** ewoq's X-chain address on the devnet. */
export const EWOQ_X = 'X-local18jma8ppw3nhx5r4ap8clazz0dps7rv5u00z96u';
