// What other modules may use of help-center besides its service; everything else in the folder is its own
// (checked by `npm run check:bounds`).
export { seedDemoHelpCenter } from './help-center.demo';
export { articlePageHead, type ArticlePageHead } from './help-center-page-head';
