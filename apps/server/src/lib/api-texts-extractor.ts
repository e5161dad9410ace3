import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { parse } from '@babel/parser';
import type { ExtractedMessage, ExtractorType } from '@lingui/conf';

/**
 * Finds the texts of the API's answers for the server's catalogs (docs/i18n.md, "API errors"),
 * beside Lingui's own extractor, which finds the mails' `i18n._('…')`.
 *
 * In the server's code a text is
 *  - the message of an error helper (`badRequest('…')`, `conflict`, `forbidden`, `notFound`,
 *    `unauthenticated`, the third argument of `new AppError`) or of `apiText('…', values)`;
 *  - the `message` of a field problem (`{ path, message }`), in an error's details or built apart.
 * In the shared contracts (the request schemas) it is the words a schema gives for a failed check:
 * a `message` or `error` property, the text argument of a check (`.min(1, '…')`), the values of
 * a `…_MESSAGES` table, and `schemaText('…')`, which marks one passed to a helper of the schemas.
 *
 * A text is English, and it is its own id. A template literal may only use constants of its own
 * file, which are written in; a value known only at run time makes the extraction fail, naming
 * the line: write `apiText('… {name} …', { name })` instead, so translators see the placeholder.
 */

const ERROR_HELPERS = new Set([
  'schemaText',
  'badRequest',
  'conflict',
  'forbidden',
  'notFound',
  'unauthenticated',
  'apiText',
]);
/** Zod checks whose string argument is the message of their failure. */
const SCHEMA_CHECKS = new Set([
  'min',
  'max',
  'length',
  'regex',
  'refine',
  'nonempty',
  'gt',
  'gte',
  'lt',
  'lte',
  'int',
  'positive',
  'nonnegative',
  'email',
  'url',
  'startsWith',
  'endsWith',
  'includes',
]);

type Node = { type: string; loc?: { start: { line: number } } | null; [key: string]: unknown };
type Constants = Map<string, unknown>;

export class UnextractableTextError extends Error {}

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';
}

function keyName(property: Node): string | null {
  const key = property.key as Node | undefined;
  if (!key || property.computed) return null;
  if (key.type === 'Identifier') return key.name as string;
  if (key.type === 'StringLiteral') return key.value as string;
  return null;
}

/** A literal's value, or undefined when it is not a literal the extractor can read. */
function literalValue(node: Node, constants: Constants): unknown {
  switch (node.type) {
    case 'StringLiteral':
    case 'NumericLiteral':
      return node.value;
    case 'TSAsExpression':
    case 'TSSatisfiesExpression':
      return literalValue(node.expression as Node, constants);
    case 'Identifier':
      return constants.get(node.name as string);
    case 'MemberExpression': {
      const object = literalValue(node.object as Node, constants);
      const property = node.property as Node;
      const name = node.computed ? undefined : (property.name as string | undefined);
      if (object && typeof object === 'object' && name) {
        return (object as Record<string, unknown>)[name];
      }
      return undefined;
    }
    case 'BinaryExpression': {
      const left = literalValue(node.left as Node, constants);
      const right = literalValue(node.right as Node, constants);
      if (typeof left !== 'number' || typeof right !== 'number') return undefined;
      if (node.operator === '+') return left + right;
      if (node.operator === '-') return left - right;
      return undefined;
    }
    case 'CallExpression': {
      // `LIST.join(', ')` and `N.toLocaleString('en')` of constants.
      const callee = node.callee as Node;
      if (callee.type !== 'MemberExpression' || callee.computed) return undefined;
      const target = literalValue(callee.object as Node, constants);
      const args = (node.arguments as Node[]).map((a) => literalValue(a, constants));
      const method = (callee.property as Node).name;
      if (method === 'join' && Array.isArray(target)) return target.join(args[0] as string);
      if (method === 'toLocaleString' && typeof target === 'number' && args[0] === 'en') {
        return target.toLocaleString('en');
      }
      return undefined;
    }
    case 'ArrayExpression': {
      const items = (node.elements as Node[]).map((e) =>
        e ? literalValue(e, constants) : undefined,
      );
      return items.every((i) => i !== undefined) ? items : undefined;
    }
    case 'ObjectExpression': {
      const out: Record<string, unknown> = {};
      for (const p of node.properties as Node[]) {
        const name = p.type === 'ObjectProperty' ? keyName(p) : null;
        if (name) out[name] = literalValue(p.value as Node, constants);
      }
      return out;
    }
    case 'TemplateLiteral': {
      const quasis = node.quasis as Node[];
      const expressions = node.expressions as Node[];
      let text = '';
      for (let i = 0; i < quasis.length; i++) {
        text += (quasis[i]!.value as { cooked: string }).cooked;
        if (i < expressions.length) {
          const value = literalValue(expressions[i]!, constants);
          if (typeof value !== 'string' && typeof value !== 'number') return undefined;
          text += String(value);
        }
      }
      return text;
    }
    default:
      return undefined;
  }
}

function parseProgram(code: string): Node {
  return (
    parse(code, { sourceType: 'module', plugins: ['typescript'] }) as unknown as { program: Node }
  ).program;
}

/**
 * The file's top-level `const NAME = literal` (numbers, strings, arrays and objects of them), with
 * those it imports by name from files beside it.
 */
function fileConstants(program: Node, file: string, depth = 0): Constants {
  const constants: Constants = new Map();
  for (const statement of program.body as Node[]) {
    const source = (statement.source as Node | undefined)?.value as string | undefined;
    if (statement.type !== 'ImportDeclaration' || !source?.startsWith('.') || depth > 2) continue;
    const imported = resolve(dirname(file), `${source.replace(/\.(ts|js)$/, '')}.ts`);
    if (!existsSync(imported)) continue;
    const theirs = fileConstants(parseProgram(readFileSync(imported, 'utf8')), imported, depth + 1);
    for (const specifier of statement.specifiers as Node[]) {
      if (specifier.type !== 'ImportSpecifier') continue;
      const name = (specifier.imported as Node).name as string;
      if (theirs.has(name))
        constants.set((specifier.local as Node).name as string, theirs.get(name));
    }
  }
  for (let statement of program.body as Node[]) {
    if (statement.type === 'ExportNamedDeclaration' && statement.declaration) {
      statement = statement.declaration as Node;
    }
    if (statement.type !== 'VariableDeclaration' || statement.kind !== 'const') continue;
    for (const declarator of statement.declarations as Node[]) {
      const id = declarator.id as Node;
      if (id.type !== 'Identifier' || !declarator.init) continue;
      const value = literalValue(declarator.init as Node, constants);
      if (value !== undefined) constants.set(id.name as string, value);
    }
  }
  return constants;
}

interface Found {
  text: string;
  line: number;
}

interface Scan {
  constants: Constants;
  file: string;
  found: Found[];
  /** Lines whose text is made at run time. */
  unextractable: number[];
}

/** The texts a message position may hold; throws on a text made at run time. */
function textsAt(node: Node | undefined, scan: Scan): void {
  if (!node) return;
  const line = node.loc?.start.line ?? 0;
  switch (node.type) {
    case 'StringLiteral':
      scan.found.push({ text: node.value as string, line });
      return;
    case 'TemplateLiteral': {
      const value = literalValue(node, scan.constants);
      if (typeof value === 'string') scan.found.push({ text: value, line });
      else scan.unextractable.push(line);
      return;
    }
    case 'ConditionalExpression':
      textsAt(node.consequent as Node, scan);
      textsAt(node.alternate as Node, scan);
      return;
    case 'LogicalExpression':
      textsAt(node.left as Node, scan);
      textsAt(node.right as Node, scan);
      return;
    case 'TSAsExpression':
      textsAt(node.expression as Node, scan);
      return;
    default:
      // A name or a call: the text is extracted where it is written.
      return;
  }
}

function walk(
  node: unknown,
  visit: (node: Node, parent: Node | null) => void,
  parent: Node | null = null,
) {
  if (Array.isArray(node)) {
    for (const child of node) walk(child, visit, parent);
    return;
  }
  if (!isNode(node)) return;
  visit(node, parent);
  for (const [key, value] of Object.entries(node)) {
    if (key === 'loc' || key === 'leadingComments' || key === 'trailingComments') continue;
    if (typeof value === 'object' && value !== null) walk(value, visit, node);
  }
}

function calleeName(node: Node): string | null {
  const callee = node.callee as Node;
  if (callee.type === 'Identifier') return callee.name as string;
  if (callee.type === 'MemberExpression' && !callee.computed) {
    return ((callee.property as Node).name as string) ?? null;
  }
  return null;
}

/** The texts of one source file of the server (`kind: 'server'`) or of the contracts. */
export function apiTextsIn(code: string, file: string, kind: 'server' | 'contracts'): Found[] {
  const program = parseProgram(code);
  const scan: Scan = {
    constants: fileConstants(program, file),
    file,
    found: [],
    unextractable: [],
  };
  walk(program, (node) => {
    if (kind === 'server') {
      if (node.type === 'CallExpression') {
        const callee = node.callee as Node;
        if (callee.type === 'Identifier' && ERROR_HELPERS.has(callee.name as string)) {
          textsAt((node.arguments as Node[])[0], scan);
        } else if (callee.type === 'Identifier' && callee.name === 'translateApiText') {
          textsAt((node.arguments as Node[])[1], scan);
        }
      } else if (node.type === 'NewExpression') {
        const callee = node.callee as Node;
        if (callee.type === 'Identifier' && callee.name === 'AppError') {
          textsAt((node.arguments as Node[])[2], scan);
        }
      } else if (node.type === 'ObjectExpression') {
        // A field problem: `{ path, message }`.
        const properties = (node.properties as Node[]).filter((p) => p.type === 'ObjectProperty');
        const names = properties.map(keyName);
        if (names.includes('path') && names.includes('message')) {
          textsAt(properties[names.indexOf('message')]!.value as Node, scan);
        }
      }
      return;
    }
    // The contracts: the words of the schemas' checks.
    if (node.type === 'CallExpression' && calleeName(node) === 'schemaText') {
      textsAt((node.arguments as Node[])[0], scan);
    } else if (node.type === 'ObjectProperty') {
      const name = keyName(node);
      if (name === 'message' || name === 'error') {
        textsAt(node.value as Node, scan);
      }
    } else if (node.type === 'CallExpression') {
      const name = calleeName(node);
      const callee = node.callee as Node;
      if (name && callee.type === 'MemberExpression' && SCHEMA_CHECKS.has(name)) {
        for (const argument of (node.arguments as Node[]).filter(
          (a) => a.type === 'StringLiteral' || a.type === 'TemplateLiteral',
        )) {
          textsAt(argument, scan);
        }
      }
    } else if (node.type === 'VariableDeclarator') {
      const id = node.id as Node;
      const init = node.init as Node | undefined;
      if (id.type === 'Identifier' && (id.name as string).endsWith('_MESSAGES') && init) {
        const table = init.type === 'TSAsExpression' ? (init.expression as Node) : init;
        if (table.type !== 'ObjectExpression') return;
        for (const p of table.properties as Node[]) {
          if (p.type === 'ObjectProperty') textsAt(p.value as Node, scan);
        }
      }
    }
  });
  if (scan.unextractable.length > 0) {
    throw new UnextractableTextError(
      `${file}:${scan.unextractable.join(',')}: a text for people made at run time; write apiText('… {name} …', { name }) so it can be translated`,
    );
  }
  return scan.found;
}

/** The Lingui extractor of the API's texts (apps/server/lingui.config.ts). */
export const apiTextsExtractor: ExtractorType = {
  match: (filename) => filename.endsWith('.ts') && !/\.(test|d)\.ts$/.test(filename),
  extract(filename, code, onMessageExtracted) {
    const kind = /[\\/]packages[\\/]contracts[\\/]/.test(filename) ? 'contracts' : 'server';
    for (const found of apiTextsIn(code, filename, kind)) {
      // A code, not words (e.g. an event's name under a `message` key of the contracts).
      if (kind === 'contracts' && /^[a-z0-9_.:-]+$/.test(found.text)) continue;
      const message: ExtractedMessage = {
        id: found.text,
        message: found.text,
        origin: [filename, found.line],
        comment: 'An error message of the API',
      };
      onMessageExtracted(message);
    }
  },
};
