import { Link, type LinkProps } from 'react-router';

// WCAG 2.2 target size exempts links inside a sentence only: a link on its own is a target.
const TARGET_STYLE = { display: 'inline-block', minHeight: 24, lineHeight: '24px' } as const;

/** A router link that stands alone (not in a sentence): at least 24 px tall to tap. */
export function StandaloneLink({ style, ...props }: LinkProps) {
  return <Link {...props} style={{ ...TARGET_STYLE, ...style }} />;
}
