import { Link } from 'react-router';
import { t } from '@lingui/core/macro';
import type { ArticleLocale } from '@parley/contracts';
import { ownLanguageName, withLang } from './page-language';
import styles from './public-help-center.module.css';

/**
 * The languages an article can be read in, each named in itself and linked with `?lang=`
 * (docs/product/help-center.md, "Languages"). Shown only when there is more than one.
 */
export function LanguageSwitcher({
  path,
  languages,
  current,
}: {
  /** The article's one web address. */
  path: string;
  languages: readonly ArticleLocale[];
  current: ArticleLocale;
}) {
  if (languages.length < 2) return null;
  return (
    <nav aria-label={t`Languages`} className={styles.languages}>
      <ul>
        {languages.map((locale) => (
          <li key={locale}>
            <Link
              to={withLang(path, locale)}
              lang={locale}
              hrefLang={locale}
              aria-current={locale === current ? 'page' : undefined}
            >
              {ownLanguageName(locale)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
