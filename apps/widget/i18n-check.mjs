#!/usr/bin/env node
// The widget's translation check: `node apps/widget/i18n-check.mjs`, or `checkWidgetI18n()` from
// another check. It fails on
//  1. a message of the widget's sources that a catalog lacks: not extracted into English yet
//     (`npx lingui extract --config apps/widget/lingui.config.ts`), or not translated into
//     another language;
//  2. a translation that drops or renames a value of its message ({name}, {count, plural…});
//  3. a user-visible literal in the widget's sources (the web app's rules, scripts/i18n-check.mjs).
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const WIDGET = import.meta.dirname ?? dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(WIDGET, '../..');

/** The names of a message's values: `{name}`, and `count` of `{count, plural, …}`. */
const valueNames = (message) =>
  [...new Set([...message.matchAll(/\{\s*(\w+)\s*[,}]/g)].map((m) => m[1]))].sort().join(',');

/**
 * The catalogs' problems, per the widget's Lingui config: [{ locale, message, problem }]. The
 * source language needs every message extracted; the others a translation of each, with the
 * same values.
 */
export async function catalogProblems(configPath = join(WIDGET, 'lingui.config.ts')) {
  const { getConfig } = await import('@lingui/conf');
  const { getCatalogs } = await import('@lingui/cli/api');
  const config = getConfig({ configPath, skipValidation: true });
  const problems = [];
  for (const catalog of await getCatalogs(config)) {
    const extracted = (await catalog.collect()) ?? {};
    for (const locale of config.locales) {
      const messages = (await catalog.read(locale)) ?? {};
      for (const [id, source] of Object.entries(extracted)) {
        const message = source.message ?? id;
        const entry = messages[id];
        if (!entry) problems.push({ locale, message, problem: 'not in the catalog' });
        else if (locale === config.sourceLocale) continue;
        else if (!(entry.translation ?? '').trim())
          problems.push({ locale, message, problem: 'not translated' });
        else if (valueNames(entry.translation) !== valueNames(message))
          problems.push({ locale, message, problem: 'its values differ from the English' });
      }
    }
  }
  return problems;
}

function sourcesUnder(dir) {
  const out = [];
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) out.push(...sourcesUnder(path));
    else if (/\.(ts|tsx)$/.test(entry) && !/\.(test|d)\.tsx?$/.test(entry)) out.push(path);
  }
  return out;
}

/** User-visible literals left in the widget's sources: [{ file, line, text, why }]. */
export async function widgetLiterals() {
  // Read when asked: the web check may call this one, and this one its rules.
  const { literalsIn } = await import('../../scripts/i18n-check.mjs');
  return sourcesUnder(join(WIDGET, 'src')).flatMap((file) =>
    literalsIn(readFileSync(file, 'utf8'), file).map((hit) => ({
      file: relative(ROOT, file),
      ...hit,
    })),
  );
}

/** Every problem, as lines to print; empty when the widget's texts are all in its catalogs. */
export async function checkWidgetI18n() {
  const lines = [];
  const literals = await widgetLiterals();
  if (literals.length) {
    lines.push(`Widget texts outside the catalogs (wrap them in Lingui's t\`…\`):`);
    for (const hit of literals) lines.push(`  ${hit.file}:${hit.line}  ${hit.why}  "${hit.text}"`);
  }
  const problems = await catalogProblems();
  if (problems.length) {
    lines.push(
      `Widget messages missing from a catalog (extract with \`npx lingui extract --config apps/widget/lingui.config.ts\`, then translate in apps/widget/src/locales):`,
    );
    for (const p of problems) lines.push(`  ${p.locale}: "${p.message}" — ${p.problem}`);
  }
  return lines;
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(fileURLToPath(import.meta.url))) {
  const lines = await checkWidgetI18n();
  if (lines.length) {
    for (const line of lines) console.error(line);
    process.exit(1);
  }
  console.info('widget i18n: no inline text; every catalog is complete.');
}
