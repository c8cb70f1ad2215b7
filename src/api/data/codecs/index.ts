// Wire codecs of the Data API: domain values (bytes, bigint) → the strings and numbers on the wire, and back for parameters.
export { checksumAddress, parseEvmAddress, ZERO_ADDRESS } from './address.js';
export { hexOf, parseHash32 } from './hex.js';
export { decimal, safeNumber, parseUint256, parseBlockNumber } from './decimal.js';
