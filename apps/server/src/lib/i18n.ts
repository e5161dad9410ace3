import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { setupI18n, type I18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import Negotiator from 'negotiator';
import PO from 'pofile';
import { nearestUiLocale, type UiLocale } from '@parley/contracts';

/**
 * The server's texts for people (the mails it sends) in the agent app's languages
 * (docs/i18n.md, "Mails"). A text is written in English as `i18n._('Hi {name},', { name })`:
 * the English is the message's id, so `lingui extract` (apps/server/lingui.config.ts) finds it and
 * the catalogs (src/locales/<locale>.po) read as the web app's do. A text no catalog translates
 * is sent in English.
 */

/** src/locales beside this module, in the sources and in the built server (dist/ → ../src). */
function findLocalesDir(): string | null {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 4; i++) {
    for (const candidate of [path.join(dir, 'locales'), path.join(dir, 'src', 'locales')]) {
      if (fs.existsSync(path.join(candidate, 'en.po'))) return candidate;
    }
    dir = path.dirname(dir);
  }
  return null;
}

function readCatalog(dir: string | null, locale: UiLocale): Record<string, string> {
  if (!dir) return {};
  const file = path.join(dir, `${locale}.po`);
  if (!fs.existsSync(file)) return {};
  const messages: Record<string, string> = {};
  for (const item of PO.parse(fs.readFileSync(file, 'utf8')).items) {
    const translation = item.msgstr.join('');
    if (translation) messages[item.msgid] = translation;
  }
  return messages;
}

const instances = new Map<UiLocale, I18n>();
let localesDir: string | null | undefined;

/** The server's texts in `locale`, its catalog read once. */
export function serverI18n(locale: UiLocale): I18n {
  let i18n = instances.get(locale);
  if (!i18n) {
    if (localesDir === undefined) localesDir = findLocalesDir();
    i18n = setupI18n({ locale, messages: { [locale]: readCatalog(localesDir, locale) } });
    // Catalogs are read as written (ICU text); they are compiled as each message is first used.
    i18n.setMessagesCompiler(compileMessage);
    instances.set(locale, i18n);
  }
  return i18n;
}

/** The languages a request's Accept-Language asks for, best first. */
export function requestLanguages(headers: { 'accept-language'?: string | string[] }): string[] {
  const header = headers['accept-language'];
  if (!header) return [];
  return new Negotiator({
    headers: { 'accept-language': Array.isArray(header) ? header.join(',') : header },
  })
    .languages()
    .filter((tag) => tag !== '*');
}

/**
 * The language to write in: the first candidate that names (or is near) a language we speak —
 * a person's own choice, then what their browser asked for — else English.
 */
export function chooseLocale(
  ...candidates: (string | readonly string[] | null | undefined)[]
): UiLocale {
  for (const candidate of candidates) {
    if (!candidate) continue;
    const found = nearestUiLocale(typeof candidate === 'string' ? [candidate] : candidate);
    if (found) return found;
  }
  return 'en';
}

/**
 * A text of the API's answers in `locale` (docs/i18n.md, "API errors"): its translation when the
 * catalog has one, else the English as written. The English is read as ICU only when it has
 * values, so a text quoting `{{customer.name}}` or an apostrophe is sent exactly as written.
 */
export function translateApiText(
  locale: UiLocale,
  id: string,
  values?: Readonly<Record<string, string | number>>,
): string {
  const i18n = serverI18n(locale);
  if (locale !== 'en' && i18n.messages[id] !== undefined) return i18n._(id, values);
  return values ? serverI18n('en')._(id, values) : id;
}
