import { useState, type FormEvent } from 'react';
import type { WidgetConversation } from '@parley/contracts';
import { ChatError } from './api';
import { Notice } from './parts';

/** The same limit as the /feedback page (FEEDBACK_COMMENT_MAX_LENGTH; no zod in this bundle). */
const COMMENT_MAX_LENGTH = 2000;
const STARS = [1, 2, 3, 4, 5] as const;
const WORDS = ['Very bad', 'Bad', 'Okay', 'Good', 'Excellent'];

/**
 * The rating prompt of a closed conversation (CSAT): 1–5 stars, an optional comment,
 * then a thank-you. Shown while the conversation is closed and not rated yet.
 */
export function RatingPrompt({
  conversation,
  rate,
}: {
  conversation: WidgetConversation;
  rate: (id: number, rating: number, comment: string) => Promise<void>;
}) {
  const [stars, setStars] = useState(0);
  const [comment, setComment] = useState('');
  const [state, setState] = useState<{ busy?: boolean; sent?: boolean; error?: string }>({});

  if (state.sent) return <Notice>Thank you for your feedback!</Notice>;
  if (conversation.status !== 'closed' || conversation.rating !== null) return null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!stars) return setState({ error: 'Choose a rating from 1 to 5 stars.' });
    setState({ busy: true });
    try {
      await rate(conversation.id, stars, comment.trim());
      setState({ sent: true });
    } catch (err) {
      setState({
        error: err instanceof ChatError ? err.message : 'Something went wrong. Please try again.',
      });
    }
  };

  return (
    <form className="rating" onSubmit={submit} noValidate aria-label="Rate this conversation">
      <p>How did we do?</p>
      <div className="stars" role="group" aria-label="Your rating">
        {STARS.map((n) => (
          <button
            key={n}
            type="button"
            className={n <= stars ? 'star on' : 'star'}
            aria-label={`${n} star${n > 1 ? 's' : ''}: ${WORDS[n - 1]}`}
            aria-pressed={n === stars}
            onClick={() => setStars(n)}
          >
            ★
          </button>
        ))}
      </div>
      <textarea
        aria-label="Your comment (optional)"
        placeholder="Tell us more (optional)"
        rows={2}
        value={comment}
        maxLength={COMMENT_MAX_LENGTH}
        onChange={(e) => setComment(e.target.value)}
      />
      {state.error && <Notice kind="error">{state.error}</Notice>}
      <button type="submit" className="primary wide" disabled={state.busy}>
        {state.busy ? 'Sending…' : 'Send rating'}
      </button>
    </form>
  );
}
