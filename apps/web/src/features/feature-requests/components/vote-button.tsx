import { Button } from 'antd';
import { CaretUpFilled } from '@ant-design/icons';
import type { FeatureRequest } from '@parley/contracts';
import { asErrorPayload, GENERIC_ERROR_MESSAGE } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { useSetFeatureRequestVoteMutation } from '../api/feature-requests-api';

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
        'Your vote could not be saved',
        asErrorPayload(failure)?.message ?? GENERIC_ERROR_MESSAGE,
      );
    }
  };
  return (
    <Button
      type={request.voted ? 'primary' : 'default'}
      aria-pressed={request.voted}
      aria-label={`${request.voted ? 'Remove your vote for' : 'Vote for'} “${request.title}” (${request.vote_count} ${request.vote_count === 1 ? 'vote' : 'votes'})`}
      loading={isLoading}
      onClick={(e) => {
        e.stopPropagation();
        void onClick();
      }}
      style={{ height: 52, width: 56, flexDirection: 'column', gap: 0, padding: 0 }}
    >
      <CaretUpFilled />
      <span style={{ fontWeight: 600 }}>{request.vote_count}</span>
    </Button>
  );
}
