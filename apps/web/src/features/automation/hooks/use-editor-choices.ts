import { useMemo } from 'react';
import { useGetConversationMappingQuery } from '../../conversation';
import {
  useGetAutomationFastRepliesQuery,
  useGetAutomationStoresQuery,
} from '../api/automation-api';
import type { EditorChoices } from '../components/rule-editor';
import type { RuleNames } from '../rule-sentence';

/** What the editors offer (the account's tags, people, teams, channels, fast replies) and their names. */
export function useEditorChoices(): EditorChoices {
  const { data: mapping } = useGetConversationMappingQuery();
  const { data: replies } = useGetAutomationFastRepliesQuery();
  const { data: stores } = useGetAutomationStoresQuery();
  return useMemo<EditorChoices>(() => {
    const byId = <T extends { id: number; name: string }>(items: T[] | undefined) =>
      new Map((items ?? []).map((i) => [i.id, i.name]));
    const tags = byId(mapping?.tags);
    const users = byId(mapping?.dc_users);
    const teams = byId(mapping?.teams);
    const channels = byId(mapping?.support_channels);
    const fast = byId(replies?.fast_replies);
    const storeNames = byId(stores);
    const names: RuleNames = {
      tag: (id) => tags.get(id),
      user: (id) => users.get(id),
      team: (id) => teams.get(id),
      channel: (id) => channels.get(id),
      fastReply: (id) => fast.get(id),
      store: (id) => storeNames.get(id),
    };
    return {
      mapping,
      names,
      fastReplies: (replies?.fast_replies ?? []).map((r) => ({ value: r.id, label: r.name })),
      stores: (stores ?? []).map((s) => ({ value: s.id, label: s.name })),
    };
  }, [mapping, replies, stores]);
}
