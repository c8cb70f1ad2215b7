import { describe, expect, it } from 'vitest';
import { JsonByteReader, keyHashOf, Unreadable } from './json-byte-reader.js';

const reader = (text: string) => new JsonByteReader(Buffer.from(text));
const hex = (n: number) => Array.from({ length: n }, (_, i) => '0123456789abcdef'[(i * 7 + 3) % 16]).join('');

describe('quantity', () => {
  it('reads hex quantities', () => {
    expect(reader('"0x0"').quantity()).toBe(0n);
    expect(reader('"0x1f"').quantity()).toBe(31n);
    expect(reader('"0x00ff"').quantity()).toBe(255n);
    expect(reader('"0xAbC"').quantity()).toBe(0xabcn);
  });

  it('reads 13, 14, 15, 26, 27 and 64 digits exactly (one double, two, then a string)', () => {
    for (const n of [13, 14, 15, 26, 27, 64]) expect(reader(`"0x${hex(n)}"`).quantity()).toBe(BigInt(`0x${hex(n)}`));
    for (const n of [14, 26]) expect(reader(`"0x${'f'.repeat(n)}"`).quantity()).toBe(16n ** BigInt(n) - 1n);
    expect(reader('"0xde0b6b3a7640000"').quantity()).toBe(10n ** 18n);
    expect(reader(`"0x${'f'.repeat(64)}"`).quantity()).toBe(2n ** 256n - 1n);
  });

  it('refuses what is not a quantity', () => {
    for (const text of ['"0x"', `"0x${hex(65)}"`, '"0X1"', '"1"', '"0xg"', '"0x1g2"', `"0x${hex(20)}g"`, '5', 'null', '"0x1', '"0x1\\u0030"']) {
      expect(() => reader(text).quantity(), text).toThrow(Unreadable);
    }
  });

  it('leaves pos after the closing quote', () => {
    const r = reader(' "0x10" ,');
    expect(r.quantity()).toBe(16n);
    expect(r.pos).toBe(7);
  });
});

describe('bytes', () => {
  it('reads hex bytes', () => {
    expect(reader('"0x"').bytes()).toEqual(new Uint8Array(0));
    expect(reader('"0x00ff10"').bytes()).toEqual(Uint8Array.of(0, 255, 16));
    expect(reader('"0XAB"').bytes()).toEqual(Uint8Array.of(0xab));
  });

  it('refuses odd or non-hex digits', () => {
    for (const text of ['"0x0"', '"0x0g"', '"0xg0"', '"ab"', '"0x00', '"0x\\u0030"']) expect(() => reader(text).bytes(), text).toThrow(Unreadable);
  });

  it('fixed(n) checks the length', () => {
    expect(reader('"0x0102"').fixed(2)).toEqual(Uint8Array.of(1, 2));
    expect(() => reader('"0x0102"').fixed(3)).toThrow(Unreadable);
    expect(() => reader('"0x0102"').fixed(1)).toThrow(Unreadable);
  });
});

describe('key and keyIs', () => {
  it('reads keys and compares them', () => {
    const r = reader('{"number":"0x1","hash" : "0x"}');
    r.expect(0x7b);
    expect(r.more(0x7d, true)).toBe(true);
    const k = r.key();
    expect(r.keyIs(k, 'number')).toBe(true);
    expect(r.keyIs(k, 'numbe')).toBe(false);
    expect(r.keyIs(k, 'numbex')).toBe(false);
    expect(r.quantity()).toBe(1n);
    expect(r.more(0x7d, false)).toBe(true);
    expect(r.keyIs(r.key(), 'hash')).toBe(true);
    expect(r.bytes()).toEqual(new Uint8Array(0));
    expect(r.more(0x7d, false)).toBe(false);
    r.done();
  });

  it('leaves the hash of each key it reads in keyHash, as keyHashOf computes it', () => {
    const names = ['', 'a', 'hash', 'maxPriorityFeePerGas', 'timestampMilliseconds', 'x'.repeat(300)];
    const r = reader(`{${names.map((n) => `"${n}":0`).join(',')}}`);
    r.expect(0x7b);
    for (let first = true; r.more(0x7d, first); first = false) {
      const k = r.key();
      const name = names.find((n) => r.keyIs(k, n))!;
      expect(r.keyHash).toBe(keyHashOf(name));
      r.skip();
    }
    expect(new Set(names.map(keyHashOf)).size).toBe(names.length);
  });

  it('refuses escapes, control characters and a missing colon', () => {
    for (const text of ['"a\\"b":1', '"a\\u0062":1', '"a\tb":1', '"a" 1', 'a:1', '"a']) expect(() => reader(text).key(), text).toThrow(Unreadable);
  });
});

describe('more', () => {
  it('ends an empty array at once', () => {
    const r = reader('[]');
    r.expect(0x5b);
    expect(r.more(0x5d, true)).toBe(false);
    r.done();
  });

  it('walks members with commas and whitespace', () => {
    for (const text of ['[1,2]', ' \t[\r\n1 ,\t2\n]\r\n ']) {
      const r = reader(text);
      r.expect(0x5b);
      expect(r.more(0x5d, true)).toBe(true);
      expect(r.integer()).toBe(1);
      expect(r.more(0x5d, false)).toBe(true);
      expect(r.integer()).toBe(2);
      expect(r.more(0x5d, false)).toBe(false);
      r.done();
    }
  });

  it('refuses a missing comma or an unclosed array', () => {
    for (const text of ['[1 2]', '[1']) {
      const r = reader(text.slice(1));
      r.integer();
      expect(() => r.more(0x5d, false), text).toThrow(Unreadable);
    }
  });
});

describe('integer', () => {
  it('reads non-negative integers', () => {
    for (const text of ['7', ' 0', '1234567', '999999999999999']) expect(reader(text).integer()).toBe(JSON.parse(text));
  });

  it('refuses signs, leading zeros, 16+ digits and non-numbers', () => {
    for (const text of ['-1', '01', '00', '1234567890123456', '"1"', 'null', '']) expect(() => reader(text).integer(), text).toThrow(Unreadable);
  });

  it('leaves a fraction or exponent for the caller to refuse', () => {
    for (const text of ['1.5', '1e3']) {
      const r = reader(text);
      expect(r.integer()).toBe(1);
      expect(() => r.done(), text).toThrow(Unreadable);
    }
  });
});

describe('takeNull', () => {
  it('takes null and nothing else', () => {
    const r = reader(' null,');
    expect([r.takeNull(), r.pos]).toEqual([true, 5]);
    const s = reader('"x"');
    expect([s.takeNull(), s.pos]).toEqual([false, 0]);
    expect(() => reader('nul').takeNull()).toThrow(Unreadable);
  });
});

describe('skip', () => {
  it('skips any value and stops right after it', () => {
    for (const [text, end] of [['{"a":[1,{"b":null}],"c":"x"} ,', 28], ['[true,false,null,"s",-1.5e+10]]', 30], ['"x",', 3], ['0]', 1], ['0.0', 3], ['-0', 2], ['1E-2', 4], ['true', 4]] as const) {
      const r = reader(text);
      r.skip();
      expect(r.pos, text).toBe(end);
    }
  });

  it('refuses malformed numbers and literals', () => {
    for (const text of ['1.', '-', '1e', '1e+', '.5', '+1', '-a', 'tru', 'nul', 'fals', 'x', '']) expect(() => reader(text).skip(), text).toThrow(Unreadable);
  });

  it('refuses strings with a backslash', () => {
    for (const text of ['"a\\"b"', '"\\\\"', '{"a":"\\u0041"}', '["x","\\n"]']) expect(() => reader(text).skip(), text).toThrow(Unreadable);
  });

  it('refuses nesting deeper than 64', () => {
    const nested = (n: number) => '['.repeat(n) + ']'.repeat(n);
    const r = reader(nested(65));
    r.skip();
    r.done();
    expect(() => reader(nested(66)).skip()).toThrow(Unreadable);
    expect(() => reader('{"a":'.repeat(70) + '1' + '}'.repeat(70)).skip()).toThrow(Unreadable);
  });
});

describe('skipLoosely', () => {
  it('skips values whose strings have escapes', () => {
    const value = JSON.stringify({ a: 'x"]}', b: [1, { c: '\\' }] });
    for (const [text, end] of [[`${value} ,1`, value.length], ['"a\\\\" ,', 5]] as const) {
      const r = reader(text);
      r.skipLoosely();
      expect(r.pos, text).toBe(end);
    }
  });

  it('skips a scalar up to the comma or bracket after it', () => {
    for (const [text, end] of [['123,4', 3], ['true]', 4], ['null}', 4], ['-1.5e3 ,', 6]] as const) {
      const r = reader(text);
      r.skipLoosely();
      expect(r.pos, text).toBe(end);
    }
  });

  it('refuses unclosed values and nothing', () => {
    for (const text of ['{"a":1', '[1,[2]', '"abc', '"abc\\"', '{"a":"}"', '', ',']) expect(() => reader(text).skipLoosely(), text).toThrow(Unreadable);
  });
});

describe('done', () => {
  it('allows trailing whitespace only', () => {
    const r = reader('1 \t\r\n');
    r.skip();
    r.done();
    const s = reader('1 x');
    s.skip();
    expect(() => s.done()).toThrow(Unreadable);
  });
});

describe('skip against JSON.parse', () => {
  const valid = ['{}', '[]', ' {"a" : [ 1 , -2.5E-3 , 0 , 10e2 ] ,\n"b":{"c":null,"d":true,"e":false},\t"f":"ü x"}\r\n', '[[],[{}],[[0]]]', '"x"', '-0.0e0', 'null'];
  const invalid = ['{"a":1,}', '[1,]', '{"a" 1}', '{a:1}', "{'a':1}", '[01]', '{"a":1 "b":2}', '[1,,2]', '{,}', '[', '{"a":}', '[true false]', '1 2', '[-]', '{"a":1}}'];

  it('consumes every valid text whole', () => {
    for (const text of valid) {
      expect(() => JSON.parse(text)).not.toThrow();
      const r = reader(text);
      r.skip();
      r.done();
    }
  });

  it('lets a control character through only past the first 96 bytes of a skipped string', () => {
    const long = `{"a":"${'x'.repeat(96)}\tb"}`;
    const r = reader(long);
    r.skip();
    r.done();
    expect(() => reader(long.replace('\t', '\\')).skip()).toThrow(Unreadable);
    expect(() => reader(`{"a":"${'x'.repeat(95)}\tb"}`).skip()).toThrow(Unreadable);
    expect(() => reader('{"a":"\tb"}').skip()).toThrow(Unreadable);
    expect(() => reader('{"\ta":1}').skip()).toThrow(Unreadable);
  });

  it('refuses what JSON.parse refuses', () => {
    for (const text of invalid) {
      expect(() => JSON.parse(text), text).toThrow(SyntaxError);
      expect(() => {
        const r = reader(text);
        r.skip();
        r.done();
      }, text).toThrow(Unreadable);
    }
  });
});
