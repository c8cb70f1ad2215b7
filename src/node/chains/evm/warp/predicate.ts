/**
 * Predicates in access lists (vms/evm/predicate/bytes.go): a predicate's bytes are followed by the 0xff
 * delimiter and right-padded with zeros to a multiple of 32, then carried as the storage keys of an access
 * tuple whose address is the precompile. A tx's predicates for a precompile are its tuples for that
 * address, in order; each tuple's keys concatenated form one predicate.
 */
export const PREDICATE_DELIMITER = 0xff;

const roundUpTo32 = (n: number) => Math.ceil(n / 32) * 32;

export function packPredicate(bytes: Uint8Array): Uint8Array {
  const out = new Uint8Array(roundUpTo32(bytes.length + 1));
  out.set(bytes, 0);
  out[bytes.length] = PREDICATE_DELIMITER;
  return out;
}

/** predicate.Unpack, with upstream's errors. */
export function unpackPredicate(packed: Uint8Array): Uint8Array {
  if (packed.length === 0) throw new Error('predicate specified empty predicate');
  let end = packed.length;
  while (end > 0 && packed[end - 1] === 0) end--;
  if (end === 0) throw new Error(`predicate specified all zero bytes: length (${packed.length})`);
  if (roundUpTo32(end) !== packed.length) {
    throw new Error(`predicate specified excess padding: got length (${packed.length}), expected length (${roundUpTo32(end)})`);
  }
  if (packed[end - 1] !== PREDICATE_DELIMITER) throw new Error('wrong end delimiter');
  return packed.slice(0, end - 1);
}

/** Packed predicate bytes as the access tuple's 32-byte storage keys. */
export function predicateStorageKeys(packed: Uint8Array): Uint8Array[] {
  if (packed.length % 32 !== 0) throw new Error(`packed predicate length ${packed.length} is not a multiple of 32`);
  const keys: Uint8Array[] = [];
  for (let i = 0; i < packed.length; i += 32) keys.push(packed.slice(i, i + 32));
  return keys;
}

/** An access list as ethereumjs holds it: [address, storageKeys][]. */
export type AccessListBytes = readonly (readonly [Uint8Array, readonly Uint8Array[]])[];

const sameAddress = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((x, i) => x === b[i]);

/** The packed predicates a tx carries for `address`: each matching tuple's keys joined. */
export function predicatesFor(accessList: AccessListBytes, address: Uint8Array): Uint8Array[] {
  const out: Uint8Array[] = [];
  for (const [a, keys] of accessList) {
    if (!sameAddress(a, address)) continue;
    const joined = new Uint8Array(keys.length * 32);
    keys.forEach((k, i) => joined.set(k, i * 32));
    out.push(joined);
  }
  return out;
}
