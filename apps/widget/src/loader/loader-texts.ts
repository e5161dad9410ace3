import type { MessageDescriptor, Messages } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { UiLocale } from '@parley/contracts';
import { matchLocale } from '../languages';
import { messages as ar } from '../locales/loader/ar.po';
import { messages as de } from '../locales/loader/de.po';
import { messages as en } from '../locales/loader/en.po';
import { messages as es } from '../locales/loader/es.po';
import { messages as fr } from '../locales/loader/fr.po';
import { messages as hi } from '../locales/loader/hi.po';
import { messages as ptBR } from '../locales/loader/pt-BR.po';

/**
 * The loader's own few texts (the launcher's label is the store's, shown as given). Every
 * language's catalog is bundled, a few words each, and read without Lingui's runtime so the
 * loader stays within its budget: its texts take no values.
 */
const CATALOGS: Record<UiLocale, Messages> = { en, es, 'pt-BR': ptBR, fr, de, hi, ar };

export const LOADER_TEXTS = {
  /** The chat's iframe, as screen readers name it. */
  frameTitle: msg`Chat`,
  /** The launcher's badge of unread replies. */
  unread: msg`unread messages`,
};

/** The text in the language (a tag such as navigator.language's), English when missing. */
export function loaderText(text: MessageDescriptor, languages: readonly string[]): string {
  const compiled = CATALOGS[matchLocale(languages)][text.id] ?? CATALOGS.en[text.id];
  if (Array.isArray(compiled)) return compiled.join('');
  return typeof compiled === 'string' ? compiled : (text.message ?? '');
}
