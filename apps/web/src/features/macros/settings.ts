// Settings → Macros, loaded with its route.
export { MacrosPage } from './components/macros-page';
