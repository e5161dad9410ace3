// The signed-in shell's frame (docs/product/screens.md): its provider and banner, the user menu's
// modals, its configuration and the help widget's place.
export { ShellProvider } from './shell-provider';
export { ShellBanner } from './banners/shell-banner';
export { useShellModals, type MenuModal } from './shell-modals-context';
export { HELP_CENTER_URL, SHELL_ROUTES } from './shell-config';
export { BESIDE_BUTTONS } from './help-widget/help-widget-layout';
