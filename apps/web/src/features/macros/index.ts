// Macros in the inbox: the conversation header's picker button and the bulk bar's menu, each
// loading its list and API calls on use. The settings page is its own entry (./settings).
export { MacroButton } from './components/macro-button';
export { LazyMacroBulkMenu as MacroBulkMenu } from './components/lazy-macro-bulk-menu';
