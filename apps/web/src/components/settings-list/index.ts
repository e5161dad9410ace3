// The settings-list kit: what the settings pages that list items (automation rules, SLA policies,
// macros) share — the page and its list, each item's card and controls, the editor drawer and its
// save, and the order helpers. The RTK Query endpoints that keep a cached list in step are its
// other entry, ./endpoints.
export { SettingsListPage } from './settings-list-page';
export { SettingsListCard } from './settings-list-card';
export {
  DeleteButton,
  EditButton,
  EnabledSwitch,
  MoveButtons,
  toastFailure,
  type ItemPlace,
} from './item-controls';
export { EditorDrawer, useItemEditor, type ItemEditor } from './editor-drawer';
export {
  EnabledField,
  errorsUnder,
  FieldErrors,
  NameField,
  type FieldErrorMap,
} from './editor-fields';
export {
  DURATION_UNITS,
  durationUnitOptions,
  UNIT_MINUTES,
  type DurationUnit,
} from './duration-units';
export { inIdOrder, movedIds, withoutId, withSaved, type ListItem } from './list-order';
