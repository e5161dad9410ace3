// Workspaces (accounts) of the signed-in user: the list the user menu shows and the switch to
// another one. The "New workspace" modal is loaded by the user menu on use.
export { useListAccountsQuery } from './api/accounts-api';
export { useSwitchAccount } from './hooks/use-switch-account';
