import * as avalanchejs from '@avalabs/avalanchejs';

/**
 * Typed access to the parts of avalanchejs 5.2.0 used here. Its .d.ts files re-export with extensionless paths
 * that TypeScript's NodeNext resolution cannot follow, so most names type as missing or `any`; these minimal
 * shapes describe what the code relies on.
 */
export interface AjsSerializable {
  _type: string;
  toBytes(codec?: AjsCodec): Uint8Array;
}

export interface AjsCodec {
  UnpackPrefix(buf: Uint8Array): [AjsSerializable, Uint8Array];
  PackPrefix(value: AjsSerializable): Uint8Array;
  PackPrefixList(values: readonly AjsSerializable[]): Uint8Array;
}

export type AjsVm = 'PVM' | 'AVM';

/** The VM's codec version 0 (avalanchejs `getPVMManager()` / `getAVMManager()`). */
export function avalanchejsCodec(vm: AjsVm): AjsCodec {
  const utils = (avalanchejs as unknown as { utils: { getManagerForVM(vm: AjsVm): { getDefaultCodec(): AjsCodec } } }).utils;
  return utils.getManagerForVM(vm).getDefaultCodec();
}

/** The class table behind a codec (private in avalanchejs), indexed by type ID. */
export function codecTypeTable(codec: AjsCodec): unknown[] {
  return [...(codec as unknown as { typeIdToType: unknown[] }).typeIdToType];
}

/** A new codec of the same class over another type table. */
export function codecWithTypes(codec: AjsCodec, types: unknown[]): AjsCodec {
  return new (codec.constructor as new (types: unknown[]) => AjsCodec)(types);
}
