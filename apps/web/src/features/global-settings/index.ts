// The account's global settings (docs/product/states.md): the store's slice and the refresh the
// app layout runs. Settings → Global settings is loaded by the router.
export {
  globalSettingsReceived,
  globalSettingsSlice,
  initialGlobalSettingsState,
} from './global-settings-slice';
export { useGlobalSettingsRefresh } from './hooks/use-global-settings-refresh';
