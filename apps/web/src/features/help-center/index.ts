// The help center: its settings and public pages are loaded by the router; the composer links an
// article with its button.
export { ArticleLinkButton } from './components/article-link-button';
