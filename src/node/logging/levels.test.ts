import { describe, it, expect } from 'vitest';
import { Level, levelName, parseLevel } from './levels.js';

describe('log levels', () => {
  it('orders levels as AvalancheGo does (TRACE between DEBUG and INFO)', () => {
    expect(Level.VERBO < Level.DEBUG && Level.DEBUG < Level.TRACE && Level.TRACE < Level.INFO).toBe(true);
    expect(Level.INFO < Level.WARN && Level.WARN < Level.ERROR && Level.ERROR < Level.FATAL && Level.FATAL < Level.OFF).toBe(true);
  });

  it('parses case-insensitively and prints upper-case', () => {
    expect(parseLevel('debug')).toBe(Level.DEBUG);
    expect(parseLevel('Trace')).toBe(Level.TRACE);
    expect(levelName(parseLevel('verbo'))).toBe('VERBO');
    expect(levelName(parseLevel('off'))).toBe('OFF');
  });

  it('rejects unknown names with AvalancheGo wording', () => {
    expect(() => parseLevel('x')).toThrow('unknown log level: "x"');
    expect(() => parseLevel('')).toThrow('unknown log level: ""');
    expect(() => parseLevel('toString')).toThrow('unknown log level: "toString"');
  });
});
