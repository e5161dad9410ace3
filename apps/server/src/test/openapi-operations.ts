import type { FastifyInstance } from 'fastify';

/**
 * The operations of the app's own OpenAPI document, for suites generated from it (every route,
 * not a hand-picked list): the input fuzz and the cross-tenant check.
 */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  default?: unknown;
  format?: string;
  minimum?: number;
  minItems?: number;
}

export interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The OpenAPI path, `{param}` placeholders included. */
  path: string;
  security: Record<string, string[]>[];
  parameters: { in: 'path' | 'query' | 'header'; name: string; schema: JsonSchema }[];
  body: { contentType: string; schema: JsonSchema } | null;
}

interface OpenApiDocument {
  paths: Record<string, Record<string, Record<string, unknown>>>;
}

export function operationsOf(app: FastifyInstance): Operation[] {
  const doc = (app as unknown as { swagger(): OpenApiDocument }).swagger();
  const ops: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, raw] of Object.entries(item)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const op = raw as {
        security?: Record<string, string[]>[];
        parameters?: Operation['parameters'];
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
      };
      const content = Object.entries(op.requestBody?.content ?? {})[0];
      ops.push({
        method: method.toUpperCase() as Operation['method'],
        path,
        security: op.security ?? [],
        parameters: op.parameters ?? [],
        body: content ? { contentType: content[0], schema: content[1].schema ?? {} } : null,
      });
    }
  }
  return ops;
}

/** Agent routes: a session token plus x-dc-account-id may call them. */
export function takesAccount(op: Operation): boolean {
  return op.security.some((s) => 'token' in s && 'account' in s);
}

/**
 * A value that fits the schema's shape, every string being `text` (enums and formats keep a
 * valid value, so the string under test reaches the handler where the shape allows).
 */
export function sampleOf(schema: JsonSchema | undefined, text: string, depth = 0): unknown {
  if (!schema || depth > 8) return text;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const alt = schema.anyOf ?? schema.oneOf;
  if (alt) return sampleOf(alt.find((s) => s.type !== 'null') ?? alt[0], text, depth + 1);
  if (schema.allOf?.[0]) return sampleOf(schema.allOf[0], text, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(schema.properties ?? {}))
        out[k] = sampleOf(v, text, depth + 1);
      return out;
    }
    case 'array':
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () =>
        sampleOf(schema.items, text, depth + 1),
      );
    case 'integer':
    case 'number':
      return Math.max(1, schema.minimum ?? 1);
    case 'boolean':
      return true;
    case 'string':
      if (schema.format === 'email') return `fuzz${text}@example.com`;
      if (schema.format === 'date-time') return new Date(0).toISOString();
      return text;
    default:
      return text;
  }
}

/** Percent-encoding that keeps an unpaired surrogate as the invalid UTF-8 bytes it would be. */
function encode(value: string): string {
  return value
    .split(/([\uD800-\uDFFF])/)
    .map((part) => (/^[\uD800-\uDFFF]$/.test(part) ? '%ED%A0%80' : encodeURIComponent(part)))
    .join('');
}

/** The operation's URL with each path parameter from `pathValue` and query from the schema. */
export function urlOf(
  op: Operation,
  pathValue: (p: Operation['parameters'][number]) => string,
  text: string,
): string {
  let url = op.path;
  const query: string[] = [];
  for (const p of op.parameters) {
    if (p.in === 'path') url = url.replace(`{${p.name}}`, encode(pathValue(p)));
    else if (p.in === 'query') {
      const v = sampleOf(p.schema, text);
      query.push(`${encode(p.name)}=${encode(typeof v === 'string' ? v : JSON.stringify(v))}`);
    }
  }
  return query.length > 0 ? `${url}?${query.join('&')}` : url;
}
