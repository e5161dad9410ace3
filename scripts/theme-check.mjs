#!/usr/bin/env node
// The web app's colour check (docs/i18n.md, "Dark mode"), part of `npm run check`: every colour
// comes from the theme — antd's tokens (`theme.useToken()`) or the `--parley-*` variables of
// app/global.css — so the dark theme has it too. It fails on a colour written as a value in a
// source or a stylesheet: `#hex`, `rgb()`/`rgba()`/`hsl()`/`hsla()`, or a CSS colour name given to
// a colour property. The theme's own files define the colours and are not checked. A colour that
// is data rather than look (a channel's brand colour, the colour a merchant picked for the
// widget) is marked on the line before: `// theme-ignore-next-line: <why>` (in CSS, a comment).
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from '@babel/parser';

const ROOT = resolve(import.meta.dirname ?? dirname(fileURLToPath(import.meta.url)), '..');
const WEB_SRC = join(ROOT, 'apps/web/src');

/** Where the colours are defined: the theme tokens and the CSS variables derived from them. */
const THEME_FILES = new Set(['app/theme.ts', 'app/global.css']);
const IGNORE_NEXT_LINE = 'theme-ignore-next-line';

const COLOUR_FUNCTION = /\b(?:rgba?|hsla?)\(/i;
const HEX_COLOUR = /(?:^|[^\w&])#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})\b/i;
/** Colour names as people write them in styles (not the whole CSS list: these are the ones met). */
const COLOUR_NAMES = new Set([
  'white',
  'black',
  'red',
  'green',
  'blue',
  'gray',
  'grey',
  'silver',
  'orange',
  'yellow',
  'purple',
  'pink',
  'brown',
  'navy',
  'teal',
  'maroon',
  'olive',
  'lime',
  'aqua',
  'fuchsia',
  'whitesmoke',
  'gainsboro',
  'lightgray',
  'lightgrey',
  'darkgray',
  'darkgrey',
  'dimgray',
]);
const COLOUR_PROPERTY =
  /^(?:color|background|backgroundColor|borderColor|border(?:Top|Right|Bottom|Left|Inline|Block)?(?:Start|End)?(?:Color)?|outline|outlineColor|fill|stroke|boxShadow|textShadow|caretColor|accentColor)$/;

/** Whether a string written in code is (or holds) a colour value. */
export function isColourValue(text, property) {
  if (COLOUR_FUNCTION.test(text) || HEX_COLOUR.test(text)) return true;
  if (property && COLOUR_PROPERTY.test(property))
    return text.split(/\s+/).some((word) => COLOUR_NAMES.has(word.toLowerCase()));
  return false;
}

function nameOf(node) {
  if (!node) return undefined;
  if (node.type === 'Identifier' || node.type === 'JSXIdentifier') return node.name;
  if (node.type === 'StringLiteral') return node.value;
  return undefined;
}

// Lingui's message tags: what they hold is text a person reads ("like #1234"), never a colour.
const MESSAGE_TAGS = new Set(['t', 'msg']);

function walk(node, visit, property) {
  if (!node || typeof node.type !== 'string') return;
  if (node.type === 'TaggedTemplateExpression' && MESSAGE_TAGS.has(node.tag?.name)) return;
  visit(node, property);
  for (const [key, value] of Object.entries(node)) {
    if (key === 'loc' || key === 'leadingComments' || key === 'trailingComments') continue;
    // A colour property's value keeps its property name for the names check.
    const inner =
      node.type === 'ObjectProperty' && key === 'value'
        ? nameOf(node.key)
        : node.type === 'JSXAttribute' && key === 'value'
          ? nameOf(node.name)
          : node.type === 'ConditionalExpression' || node.type === 'LogicalExpression'
            ? property
            : undefined;
    if (Array.isArray(value)) for (const child of value) walk(child, visit, inner);
    else if (value && typeof value === 'object') walk(value, visit, inner);
  }
}

/** Colours written in one TypeScript source: [{ line, text }]. */
export function coloursInSource(source, fileName = 'file.tsx') {
  const ast = parse(source, {
    sourceType: 'module',
    plugins: ['typescript', 'jsx'],
    sourceFilename: fileName,
  });
  const ignored = new Set();
  for (const comment of ast.comments ?? [])
    if (comment.value.includes(IGNORE_NEXT_LINE)) ignored.add(comment.loc.end.line + 1);
  const found = [];
  walk(ast.program, (node, property) => {
    let text;
    if (node.type === 'StringLiteral') text = node.value;
    else if (node.type === 'TemplateLiteral')
      text = node.quasis.map((q) => q.value.cooked).join('');
    else return;
    const line = node.loc.start.line;
    if (!ignored.has(line) && isColourValue(text, property)) found.push({ line, text });
  });
  return found;
}

/** Colours written in one stylesheet's declarations: [{ line, text }]. */
export function coloursInCss(source) {
  const found = [];
  const lines = source.split('\n');
  let ignoreNext = false;
  let inComment = false;
  lines.forEach((raw, index) => {
    let line = raw;
    if (inComment) {
      const end = line.indexOf('*/');
      if (end < 0) return;
      line = line.slice(end + 2);
      inComment = false;
    }
    const ignoreThis = ignoreNext;
    ignoreNext = line.includes(IGNORE_NEXT_LINE);
    line = line.replace(/\/\*.*?\*\//g, '');
    const open = line.indexOf('/*');
    if (open >= 0) {
      inComment = true;
      line = line.slice(0, open);
    }
    const declaration = /^\s*([\w-]+)\s*:\s*(.+?);?\s*$/.exec(line);
    if (!declaration || ignoreThis) return;
    const [, property, value] = declaration;
    const camel = property.replace(/-(\w)/g, (_, c) => c.toUpperCase());
    if (isColourValue(value.replace(/var\([^)]*\)/g, ''), camel))
      found.push({ line: index + 1, text: line.trim() });
  });
  return found;
}

function filesUnder(dir) {
  const out = [];
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) {
      if (entry !== 'testing' && entry !== 'test' && entry !== 'locales')
        out.push(...filesUnder(path));
    } else if (/\.(tsx?|css)$/.test(entry) && !/\.(test|d)\.tsx?$/.test(entry)) out.push(path);
  }
  return out;
}

/** The colours written outside the theme in the web app: [{ file, line, text }]. */
export function coloursInWebApp(srcDir = WEB_SRC) {
  const found = [];
  for (const file of filesUnder(srcDir)) {
    if (THEME_FILES.has(relative(srcDir, file).split('\\').join('/'))) continue;
    const source = readFileSync(file, 'utf8');
    const hits = file.endsWith('.css') ? coloursInCss(source) : coloursInSource(source, file);
    for (const hit of hits) found.push({ file: relative(ROOT, file), ...hit });
  }
  return found;
}

function main() {
  const colours = coloursInWebApp();
  if (colours.length) {
    console.error(
      'Colours outside the theme (use theme.useToken() or a --parley-* variable of app/global.css; docs/i18n.md):',
    );
    for (const hit of colours) console.error(`  ${hit.file}:${hit.line}  ${hit.text}`);
    process.exit(1);
  }
  console.info('theme: every colour of the web app comes from the theme.');
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename ?? '')) main();
