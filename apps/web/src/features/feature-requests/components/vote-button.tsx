import { Button } from 'antd';
import { CaretUpFilled } from '@ant-design/icons';
import type { FeatureRequest } from '@parley/contracts';
import { asErrorPayload, genericErrorMessage } from '../../../lib/api-error';
import { formatNumber } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useSetFeatureRequestVoteMutation } from '../api/feature-requests-api';
import { plural, t } from '@lingui/core/macro';

/** The vote count; pressing it votes, pressing it again takes the vote back. */
export function VoteButton({
  request,
}: {
  request: Pick<FeatureRequest, 'id' | 'title' | 'vote_count' | 'voted'>;
}) {
  const [setVote, { isLoading }] = useSetFeatureRequestVoteMutation();
  const onClick = async () => {
    try {
      await setVote({ id: request.id, voted: !request.voted }).unwrap();
    } catch (failure) {
      toast.error(
        t`Your vote could not be saved`,
        asErrorPayload(failure)?.message ?? genericErrorMessage(),
      );
    }
  };
  const title = request.title;
  const voteCount = request.vote_count;
  const label = request.voted
    ? plural(voteCount, {
        one: `Remove your vote for “${title}” (# vote)`,
        other: `Remove your vote for “${title}” (# votes)`,
      })
    : plural(voteCount, {
        one: `Vote for “${title}” (# vote)`,
        other: `Vote for “${title}” (# votes)`,
      });
  return (
    <Button
      type={request.voted ? 'primary' : 'default'}
      aria-pressed={request.voted}
      aria-label={label}
      loading={isLoading}
      onClick={(e) => {
        e.stopPropagation();
        void onClick();
      }}
      style={{ height: 52, width: 56, flexDirection: 'column', gap: 0, padding: 0 }}
    >
      <CaretUpFilled />
      <span style={{ fontWeight: 600 }}>{formatNumber(voteCount)}</span>
    </Button>
  );
}
