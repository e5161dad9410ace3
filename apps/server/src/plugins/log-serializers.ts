import { stdSerializers } from 'pino';

/** The shape Fastify's logger expects of an error serializer. */
type SerializedError = { type: string; message: string; stack: string; [key: string]: unknown };

/** What a failed query's text says after it: its parameters, i.e. the data (docs/security.md). */
const PARAMS_LINE = /\nparams: [\s\S]*?(?=\n\s+at |$)/;
/** Fields of database errors that quote the values of the row (`Key (email)=(…) already exists`). */
const VALUE_FIELDS = ['params', 'detail', 'where', 'parameters', 'hint', 'internalQuery'];
const SQLSTATE = /^[0-9A-Z]{5}$/;

/**
 * A cause as far as it is safe: a database error by its SQLSTATE and the names of what it is
 * about (its message may quote a value: `invalid input syntax for type integer: "…"`).
 */
function causeOf(cause: unknown, depth: number): unknown {
  if (!(cause instanceof Error) || depth > 4) return undefined;
  const c = cause as Error & Record<string, unknown>;
  if (typeof c.code === 'string' && SQLSTATE.test(c.code)) {
    const { code, constraint, table, column, severity } = c;
    return { type: c.constructor.name, code, constraint, table, column, severity };
  }
  return { ...scrub(c, depth + 1) };
}

function scrub(err: Error, depth = 0): SerializedError {
  const out = stdSerializers.err(err) as unknown as SerializedError;
  for (const field of VALUE_FIELDS) delete out[field];
  // Pino appends the causes' messages and stacks; each is told apart below instead.
  out.message = err.message.replace(PARAMS_LINE, '');
  out.stack = (err.stack ?? '').replace(PARAMS_LINE, '');
  const cause = causeOf(err.cause, depth);
  delete out.cause;
  return cause ? { ...out, cause } : out;
}

/**
 * Pino's error serializer without the personal data that query errors carry: a failed query is
 * logged with its SQL (placeholders), never its parameters or the values PostgreSQL quotes.
 */
export function errWithoutValues(err: Error): SerializedError {
  return scrub(err);
}
