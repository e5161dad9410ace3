import { describe, expect, it } from 'vitest';
import { arr, num, obj, objs, str, strings, text } from './provider-json';

describe("a provider's loose JSON reads as empty where it is not what was expected, and never throws", () => {
  it('reads objects and arrays, or empty ones', () => {
    expect(obj({ a: 1 })).toEqual({ a: 1 });
    expect(obj(null)).toEqual({});
    expect(obj('x')).toEqual({});
    expect(arr([1, 2])).toEqual([1, 2]);
    expect(arr({ 0: 1 })).toEqual([]);
    expect(objs([{ id: 1 }, null, 'x'])).toEqual([{ id: 1 }, {}, {}]);
  });

  it('reads ids sent as strings or numbers alike', () => {
    expect(str('wamid.1')).toBe('wamid.1');
    expect(str(1234567890)).toBe('1234567890');
    expect(str(undefined)).toBe('');
    expect(str({})).toBe('');
  });

  it('reads optional text, numbers and string lists', () => {
    expect(text('paid')).toBe('paid');
    expect(text('')).toBeNull();
    expect(text(3)).toBeNull();
    expect(num(12.5)).toBe(12.5);
    expect(num('12')).toBe(0);
    expect(strings(['a', 1, 'b', null])).toEqual(['a', 'b']);
    expect(strings('a')).toEqual([]);
  });
});
