import { z } from 'zod';
import type { UiLocale } from '@parley/contracts';
import { translateApiText } from './i18n';

/**
 * A request schema's complaint in the caller's language (docs/i18n.md, "API errors"). A check
 * with words of its own (`.min(1, 'Give the tag a name.')`) is translated by the server's
 * catalogs; a check without (a wrong type, a number out of range) gets Zod's own message in that
 * language, from Zod's locales.
 */

/** Zod's locale for each of the app's languages (Zod has one Portuguese). */
const ZOD_LOCALES: Record<UiLocale, () => { localeError: z.core.$ZodErrorMap }> = {
  en: z.locales.en,
  es: z.locales.es,
  'pt-BR': z.locales.pt,
  fr: z.locales.fr,
  de: z.locales.de,
  hi: z.locales.hi,
  ar: z.locales.ar,
};
const errorMaps = new Map<UiLocale, z.core.$ZodErrorMap>();
function errorMapOf(locale: UiLocale): z.core.$ZodErrorMap {
  let map = errorMaps.get(locale);
  if (!map) {
    map = ZOD_LOCALES[locale]().localeError;
    errorMaps.set(locale, map);
  }
  return map;
}

/**
 * A value of the type an English "received …" names: the validation error keeps the issue's
 * facts but not the input, and Zod's messages name what was received from the input.
 */
const RECEIVED: Record<string, unknown> = {
  undefined: undefined,
  null: null,
  string: '',
  number: 0,
  nan: Number.NaN,
  boolean: false,
  array: [],
  object: {},
  bigint: 0n,
  date: new Date(0),
  function: () => undefined,
  symbol: Symbol('received'),
};

/** One validation problem as fastify-type-provider-zod reports it. */
export interface SchemaIssue {
  keyword?: string;
  params?: Record<string, unknown>;
  message?: string;
}

function messageOf(result: unknown): string | undefined {
  if (typeof result === 'string') return result;
  if (result && typeof result === 'object' && 'message' in result) {
    return String((result as { message: unknown }).message);
  }
  return undefined;
}

export function schemaIssueMessage(locale: UiLocale, item: SchemaIssue): string {
  const message = item.message ?? 'Invalid value';
  const issue: Record<string, unknown> = { code: item.keyword, ...item.params };
  const received = /, received (\w+)$/.exec(message)?.[1];
  if (item.keyword === 'invalid_type' && received && received in RECEIVED) {
    issue.input = RECEIVED[received];
  }
  let english: string | undefined;
  try {
    english = messageOf(errorMapOf('en')(issue as never));
  } catch {
    english = undefined;
  }
  if (english !== message) return translateApiText(locale, message);
  if (locale === 'en') return message;
  try {
    return messageOf(errorMapOf(locale)(issue as never)) ?? message;
  } catch {
    return message;
  }
}
