// The `keccak` package ships no types; this is the part the EVM chain uses.
declare module 'keccak' {
  interface KeccakHash {
    update(data: Buffer | Uint8Array): KeccakHash;
    digest(): Buffer;
  }
  export default function createKeccakHash(algorithm: 'keccak256' | 'keccak224' | 'keccak384' | 'keccak512'): KeccakHash;
}
