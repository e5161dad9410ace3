#!/usr/bin/env node
// The translation check (docs/i18n.md), part of `npm run check`. It fails on
//  1. a user-visible literal in a converted folder: JSX text, a user-visible attribute or
//     property (title, placeholder, aria-label, alt, label…), or a toast/message/notification
//     call given a plain string. Texts go through Lingui's macros instead.
//  2. a message of the sources that a catalog lacks — the web app's, or the server's (its mails and the API's errors) —
//     not extracted into English yet (`npm run extract -w @parley/web`, `-w @parley/server`),
//     or not translated into another language.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from '@babel/parser';

// import.meta.dirname where the runtime gives it (Node 20.11+, the test runner).
const ROOT = resolve(import.meta.dirname ?? dirname(fileURLToPath(import.meta.url)), '..');
const WEB_SRC = join(ROOT, 'apps/web/src');

/**
 * The folders of apps/web/src whose every user-visible text must be in the catalogs: all of it
 * (the locales, tests and test kits aside).
 */
export const I18N_CONVERTED_FOLDERS = ['app', 'lib', 'components', 'features'];

/** Attributes and object properties whose string is shown to the user (or read out by a screen reader). */
const VISIBLE_NAMES = new Set([
  'title',
  'placeholder',
  'aria-label',
  'aria-description',
  'aria-valuetext',
  'alt',
  'label',
  'okText',
  'cancelText',
  'tooltip',
  'description',
  'help',
  'extra',
  'emptyText',
  'content',
  'subTitle',
  'addonBefore',
  'addonAfter',
  'checkedChildren',
  'unCheckedChildren',
  'heading',
  'subtitle',
  'message',
  'text',
]);

/** Calls whose string arguments are shown to the user. */
const VISIBLE_CALLS = new Set(['toast', 'message', 'notification', 'modal', 'Modal']);

/** Words that are the same in every language: the product's name. */
const UNTRANSLATED = new Set(['Parley']);

/** Lingui's macros: what they wrap is the message itself. */
const MACROS = new Set(['t', 'msg', 'defineMessage', 'plural', 'select', 'selectOrdinal']);
const MACRO_COMPONENTS = new Set(['Trans', 'Plural', 'Select', 'SelectOrdinal']);

const IGNORE_NEXT_LINE = 'i18n-ignore-next-line';
const IGNORE_FILE = 'i18n-ignore-file';

/** Whether a string reads as words to a person (and is not a brand, a symbol or a number). */
function isProse(text) {
  const trimmed = text.replace(/\s+/g, ' ').trim();
  if (!/\p{L}/u.test(trimmed)) return false;
  return !UNTRANSLATED.has(trimmed);
}

function walk(node, visit, parents = []) {
  if (!node || typeof node.type !== 'string') return;
  if (visit(node, parents) === false) return;
  const next = [...parents, node];
  for (const key of Object.keys(node)) {
    if (key === 'loc' || key === 'start' || key === 'end' || key.endsWith('Comments')) continue;
    const value = node[key];
    if (Array.isArray(value)) for (const child of value) walk(child, visit, next);
    else if (value && typeof value === 'object') walk(value, visit, next);
  }
}

const nameOf = (node) =>
  node?.type === 'JSXIdentifier' || node?.type === 'Identifier'
    ? node.name
    : node?.type === 'JSXMemberExpression'
      ? nameOf(node.property)
      : node?.type === 'StringLiteral'
        ? node.value
        : undefined;

/** The plain text of a string-ish expression, or undefined when it is computed. */
function literalText(node) {
  if (!node) return undefined;
  if (node.type === 'StringLiteral') return node.value;
  if (node.type === 'TemplateLiteral') return node.quasis.map((q) => q.value.cooked).join(' ');
  if (node.type === 'JSXExpressionContainer') return literalText(node.expression);
  if (node.type === 'ConditionalExpression')
    return [literalText(node.consequent), literalText(node.alternate)].filter(Boolean).join(' ');
  if (node.type === 'LogicalExpression') return literalText(node.right);
  return undefined;
}

/** Every user-visible literal in one source: { line, text, why }. */
export function literalsIn(source, fileName = 'file.tsx') {
  const ast = parse(source, {
    sourceType: 'module',
    plugins: ['typescript', 'jsx'],
    sourceFilename: fileName,
  });
  const ignored = new Set();
  // A file of English data that is translated where it is shown says so, with its reason.
  if ((ast.comments ?? []).some((comment) => comment.value.trim().startsWith(IGNORE_FILE)))
    return [];
  for (const comment of ast.comments ?? []) {
    if (comment.value.includes(IGNORE_NEXT_LINE)) ignored.add(comment.loc.end.line + 1);
  }
  const found = [];
  const report = (node, text, why) => {
    const line = node.loc.start.line;
    if (ignored.has(line) || !isProse(text ?? '')) return;
    found.push({ line, text: text.replace(/\s+/g, ' ').trim(), why });
  };
  walk(ast.program, (node) => {
    // A macro's contents are the message; a type is no text.
    if (node.type === 'TaggedTemplateExpression' && MACROS.has(nameOf(node.tag))) return false;
    if (node.type === 'CallExpression' && MACROS.has(nameOf(node.callee))) return false;
    if (node.type === 'JSXElement' && MACRO_COMPONENTS.has(nameOf(node.openingElement.name)))
      return false;
    if (
      node.type.startsWith('TS') &&
      node.type !== 'TSAsExpression' &&
      node.type !== 'TSSatisfiesExpression'
    )
      return false;
    if (node.type === 'ImportDeclaration' || node.type === 'ExportAllDeclaration') return false;

    if (node.type === 'JSXText') report(node, node.value, 'JSX text');
    else if (node.type === 'JSXElement' || node.type === 'JSXFragment') {
      // {'text'} or {`text`} as a child.
      for (const child of node.children) {
        if (
          child.type === 'JSXExpressionContainer' &&
          child.expression.type !== 'JSXEmptyExpression'
        )
          report(child, literalText(child.expression), 'JSX text');
      }
    } else if (node.type === 'JSXAttribute') {
      const name = nameOf(node.name);
      if (name && VISIBLE_NAMES.has(name)) report(node, literalText(node.value), `${name}=`);
    } else if (node.type === 'ObjectProperty' && !node.computed) {
      const name = nameOf(node.key);
      if (name && VISIBLE_NAMES.has(name)) report(node, literalText(node.value), `${name}:`);
    } else if (node.type === 'CallExpression' && node.callee.type === 'MemberExpression') {
      const owner = nameOf(node.callee.object);
      if (owner && VISIBLE_CALLS.has(owner)) {
        for (const arg of node.arguments)
          report(arg, literalText(arg), `${owner}.${nameOf(node.callee.property)}()`);
      }
    }
    return undefined;
  });
  return found;
}

function sourcesUnder(dir) {
  const out = [];
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) {
      if (entry !== 'testing' && entry !== 'test') out.push(...sourcesUnder(path));
    } else if (/\.(ts|tsx)$/.test(entry) && !/\.(test|d)\.tsx?$/.test(entry)) out.push(path);
  }
  return out;
}

/** The literals of every converted folder: [{ file, line, text, why }]. */
export function literalsInFolders(srcDir = WEB_SRC, folders = I18N_CONVERTED_FOLDERS) {
  const found = [];
  for (const folder of folders) {
    for (const file of sourcesUnder(join(srcDir, folder))) {
      for (const hit of literalsIn(readFileSync(file, 'utf8'), file)) {
        found.push({ file: relative(ROOT, file), ...hit });
      }
    }
  }
  return found;
}

/**
 * The messages of the sources that a catalog lacks, per the Lingui config at `configPath`:
 * [{ locale, id, message }]. The source language needs every message extracted; the others a
 * translation of each.
 */
export async function missingMessages(configPath = join(ROOT, 'apps/web/lingui.config.ts')) {
  const { getConfig } = await import('@lingui/conf');
  const { getCatalogs } = await import('@lingui/cli/api');
  const config = getConfig({ configPath, skipValidation: true });
  const missing = [];
  for (const catalog of await getCatalogs(config)) {
    const extracted = (await catalog.collect()) ?? {};
    for (const locale of config.locales) {
      const messages = (await catalog.read(locale)) ?? {};
      for (const [id, source] of Object.entries(extracted)) {
        const entry = messages[id];
        const absent =
          !entry || (locale !== config.sourceLocale && !(entry.translation ?? '').trim());
        if (absent) missing.push({ locale, id, message: source.message ?? id });
      }
    }
  }
  return missing;
}

async function main() {
  let failed = false;
  const literals = literalsInFolders();
  if (literals.length) {
    failed = true;
    console.error(
      `Texts outside the catalogs (wrap them in Lingui's t\`…\` or <Trans>; docs/i18n.md):`,
    );
    for (const hit of literals)
      console.error(`  ${hit.file}:${hit.line}  ${hit.why}  "${hit.text}"`);
  }
  const missing = [
    ...(await missingMessages()),
    // The server's: its mails and the API's error messages (docs/i18n.md).
    ...(await missingMessages(join(ROOT, 'apps/server/lingui.config.ts'))),
  ];
  if (missing.length) {
    failed = true;
    console.error(
      `Messages missing from a catalog (run \`npm run extract -w @parley/web\` or \`-w @parley/server\`, then translate; docs/i18n.md):`,
    );
    for (const m of missing.slice(0, 200)) console.error(`  ${m.locale}: "${m.message}"`);
    if (missing.length > 200) console.error(`  …and ${missing.length - 200} more`);
  }
  // The chat widget's own catalogs (apps/widget/i18n-check.mjs).
  const { checkWidgetI18n } = await import('../apps/widget/i18n-check.mjs');
  const widgetProblems = await checkWidgetI18n();
  if (widgetProblems.length) {
    failed = true;
    for (const line of widgetProblems) console.error(line);
  }
  if (failed) process.exit(1);
  console.info(
    'i18n: the web app has no inline text; every catalog — the web app’s, the widget’s, the server’s — is complete.',
  );
}

// Not awaited at the top level: the widget's check imports this module, which must have finished
// loading by then.
if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename ?? ''))
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
