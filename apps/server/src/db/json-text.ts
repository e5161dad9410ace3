import { sql, type SQL } from 'drizzle-orm';

/**
 * JSON written by PostgreSQL as text, for answers sent as they are (the inbox list, docs/benchmarks.md
 * list budget). Each builder gives an SQL text expression that is already a JSON value, never
 * SQL null; `jsonText.object` joins them with `||`. Concatenation costs PostgreSQL about a third
 * of what row_to_json or json_build_object do for an inbox page: those look up every value's
 * type on every row.
 */
export const jsonText = {
  /** An object with constant keys (checked: lower case and `_`) and JSON text values. */
  object(fields: Record<string, SQL>): SQL {
    const parts = Object.entries(fields).map(([key, value], i) => {
      if (!/^[a-z_]+$/.test(key)) throw new Error(`not a JSON key for SQL: ${key}`);
      return sql`${sql.raw(`'${i === 0 ? '{' : ','}"${key}":'`)} || ${value}`;
    });
    if (parts.length === 0) return sql`'{}'`;
    return sql`(${sql.join(parts, sql` || `)} || '}')`;
  },
  /** A text value, escaped by PostgreSQL's own JSON writer. */
  string: (value: SQL): SQL => sql`coalesce(to_json(${value})::text, 'null')`,
  /** An integer or boolean value: its SQL text is its JSON text. */
  scalar: (value: SQL): SQL => sql`coalesce((${value})::text, 'null')`,
  /** An int[] value as a JSON array; null gives []. */
  intArray: (value: SQL): SQL => sql`('[' || coalesce(array_to_string(${value}, ','), '') || ']')`,
  /** A timestamptz as the API writes timestamps (isoText), quoted. */
  timestamp: (value: SQL): SQL => sql`coalesce('"' || ${isoText(value)} || '"', 'null')`,
};

/** JSON text already in the shape of T (an API answer), written to a response as it is. */
export type JsonText<T> = string & { readonly __jsonOf?: T };

/**
 * A timestamptz as the API writes timestamps, in the form of Date.prototype.toISOString: UTC
 * whatever the session's time zone, milliseconds cut (not rounded), `Z`. Null (and infinity)
 * give null.
 */
export function isoText(timestamp: SQL): SQL {
  return sql`to_char(${timestamp} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}
