/**
 * What other modules use of automation: applying actions through the services that own each
 * change (macros run the same actions a rule does), naming them in words, and telling which
 * objects they name no longer exist.
 */
import type { AutomationAction } from '@parley/contracts';
import type { Deps } from '../../lib/deps';
import { knownReferences, missingReferences } from './automation-runner';

export {
  applyActions,
  describeActions,
  writeActivityLine,
  type ActionContext,
} from './automation-runner';

const noConditions = { match: 'all' as const, conditions: [] };

export type KnownReferences = Awaited<ReturnType<typeof knownReferences>>;

/** What exists of everything some action lists name, read once for all of them. */
export function knownActionReferences(deps: Deps, accountId: number, lists: AutomationAction[][]) {
  return knownReferences(
    deps,
    accountId,
    lists.map((actions) => ({ conditions: noConditions, actions })),
  );
}

/** What the actions name that does not exist in the account: `{path, message}` each. */
export function missingActionReferences(
  deps: Deps,
  accountId: number,
  actions: AutomationAction[],
  known?: KnownReferences,
) {
  return missingReferences(deps, accountId, { conditions: noConditions, actions }, known);
}
