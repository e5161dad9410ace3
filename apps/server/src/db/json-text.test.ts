import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from './client';
import { isoText, jsonText } from './json-text';
import { createTestContext, type TestContext } from '../test/harness';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const one = async <T>(query: ReturnType<typeof sql>) =>
  rowsOf<{ v: T }>(await ctx.deps.db.execute(sql`select ${query} as v`))[0]!.v;

describe('JSON written by PostgreSQL (jsonText)', () => {
  it('writes any text so that JSON.parse gives it back, and null as null', async () => {
    const texts = [
      'plain',
      'She said "hi" \\ then\nleft\t😀 — ünïcode </script>',
      'control \u0001\u001f\b\f\r end',
      '\u2028\u2029 separators',
      '',
    ];
    for (const text of texts)
      expect(JSON.parse(await one<string>(jsonText.string(sql`${text}::text`)))).toBe(text);
    expect(await one<string>(jsonText.string(sql`null::text`))).toBe('null');
  });

  it('writes an object of every kind of value, nulls included, as JSON.parse reads it', async () => {
    const written = await one<string>(
      jsonText.object({
        id: jsonText.scalar(sql`42`),
        negative: jsonText.scalar(sql`-7`),
        missing: jsonText.scalar(sql`null::int`),
        yes: jsonText.scalar(sql`true`),
        no: jsonText.scalar(sql`false`),
        tags: jsonText.intArray(sql`array[3, 1, 2]`),
        empty: jsonText.intArray(sql`'{}'::int[]`),
        none: jsonText.intArray(sql`null::int[]`),
        nested: jsonText.object({ name: jsonText.string(sql`'Ann "A"'::text`) }),
        at: jsonText.timestamp(sql`'2026-11-25 10:07:03.5+00'::timestamptz`),
        never: jsonText.timestamp(sql`null::timestamptz`),
      }),
    );
    expect(JSON.parse(written)).toEqual({
      id: 42,
      negative: -7,
      missing: null,
      yes: true,
      no: false,
      tags: [3, 1, 2],
      empty: [],
      none: [],
      nested: { name: 'Ann "A"' },
      at: '2026-11-25T10:07:03.500Z',
      never: null,
    });
    expect(await one<string>(jsonText.object({}))).toBe('{}');
  });

  it('refuses a key it could not write safely into the statement', () => {
    expect(() => jsonText.object({ "a'; drop table x; --": jsonText.scalar(sql`1`) })).toThrow(
      /not a JSON key/,
    );
  });

  it('writes timestamps exactly as Date#toISOString would, whatever their precision, offset or the session time zone', async () => {
    const texts = [
      '2026-11-25 10:07:03+00',
      '2026-11-25 10:07:03.1+00',
      '2026-11-25 10:07:03.123456+00',
      '2024-02-29 23:59:59.999999+00',
      '2026-11-25 15:37:03.5+05:30',
      '1999-12-31 23:00:00-01',
      '1970-01-01 00:00:00+00',
    ];
    const written = await ctx.deps.db.transaction(async (tx) => {
      await tx.execute(sql`set local timezone = 'Asia/Kathmandu'`);
      return rowsOf<{ iso: string | null }>(
        await tx.execute(sql`select ${isoText(sql`t::timestamptz`)} as iso
          from unnest(${`{${texts.map((t) => `"${t}"`).join(',')}}`}::text[]) with ordinality u(t, n)
          order by n`),
      ).map((r) => r.iso);
    });
    expect(written).toEqual(texts.map((t) => new Date(t).toISOString()));
    expect(await one<string | null>(isoText(sql`null::timestamptz`))).toBeNull();
  });
});
