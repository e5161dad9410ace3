/**
 * Reading a provider's loose JSON (webhook payloads, API answers): each reader takes whatever is
 * there and never throws, so a field a provider leaves out or renames reads as empty.
 */
export type Obj = Record<string, unknown>;

/** An object, or an empty one. */
export const obj = (v: unknown): Obj => (v && typeof v === 'object' ? (v as Obj) : {});

/** An array, or an empty one. */
export const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/** The objects of an array (anything else in it reads as an empty object). */
export const objs = (v: unknown): Obj[] => arr(v).map(obj);

/** A string, a number as its digits (providers send ids either way), else ''. */
export const str = (v: unknown): string =>
  typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '';

/** A non-empty string, else null. */
export const text = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);

/** A number, else 0. */
export const num = (v: unknown): number => (typeof v === 'number' ? v : 0);

/** The strings of an array. */
export const strings = (v: unknown): string[] =>
  arr(v).filter((s): s is string => typeof s === 'string');
