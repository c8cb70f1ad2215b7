import { hexOf } from '../../lib/hex.js';
import type { AddressEvents } from '../../store/rollups/address-rollup.js';

/**
 * Events grouped by address without a string per event: an open-addressing table keyed by the address's first four
 * bytes (addresses are hashes), each slot's address checked byte by byte; hex keys are made once per address. An
 * event equal to one of the address's last two is left out (the rollup counts an hour once however often it comes).
 */
export class AddressGrouper {
  private slots = new Int32Array(1 << 12);
  private readonly firsts: { bytes: Uint8Array; offset: number }[] = [];
  private readonly hours: number[][] = [];

  add(bytes: Uint8Array, offset: number, packed: number): void {
    if (this.hours.length * 2 >= this.slots.length) this.grow();
    const mask = this.slots.length - 1;
    let slot = (bytes[offset]! | (bytes[offset + 1]! << 8) | (bytes[offset + 2]! << 16) | (bytes[offset + 3]! << 24)) & mask;
    for (;;) {
      const group = this.slots[slot]! - 1;
      if (group < 0) {
        this.slots[slot] = this.hours.length + 1;
        this.firsts.push({ bytes, offset });
        this.hours.push([packed]);
        return;
      }
      const first = this.firsts[group]!;
      if (sameAddress(first.bytes, first.offset, bytes, offset)) {
        // An address's events come in block order, sent and received interleaved: one each way an hour is what counts.
        const hours = this.hours[group]!;
        const n = hours.length;
        if (hours[n - 1] !== packed && (n < 2 || hours[n - 2] !== packed)) hours.push(packed);
        return;
      }
      slot = (slot + 1) & mask;
    }
  }

  /** One entry per address: its hex key and its events' packed hours. */
  groups(): AddressEvents[] {
    return this.hours.map((hours, i) => ({ key: hexOf(this.firsts[i]!.bytes, this.firsts[i]!.offset, this.firsts[i]!.offset + 20), hours }));
  }

  private grow(): void {
    this.slots = new Int32Array(this.slots.length * 2);
    const mask = this.slots.length - 1;
    for (let group = 0; group < this.firsts.length; group++) {
      const { bytes, offset } = this.firsts[group]!;
      let slot = (bytes[offset]! | (bytes[offset + 1]! << 8) | (bytes[offset + 2]! << 16) | (bytes[offset + 3]! << 24)) & mask;
      while (this.slots[slot] !== 0) slot = (slot + 1) & mask;
      this.slots[slot] = group + 1;
    }
  }
}

function sameAddress(a: Uint8Array, i: number, b: Uint8Array, j: number): boolean {
  for (let k = 0; k < 20; k++) if (a[i + k] !== b[j + k]) return false;
  return true;
}
