import { useState, type FormEvent } from 'react';
import { msg, plural, t } from '@lingui/core/macro';
import type { WidgetConversation } from '@parley/contracts';
import { errorText } from './api';
import { i18n } from './i18n';
import { Notice } from './parts';

/** The same limit as the /feedback page (FEEDBACK_COMMENT_MAX_LENGTH; no zod in this bundle). */
const COMMENT_MAX_LENGTH = 2000;
const STARS = [1, 2, 3, 4, 5] as const;
const WORDS = [msg`Very bad`, msg`Bad`, msg`Okay`, msg`Good`, msg`Excellent`];

/** "3 stars: Okay", what a screen reader says of each star. */
function starLabel(count: number) {
  const word = i18n._(WORDS[count - 1]!);
  return plural(count, { one: `# star: ${word}`, other: `# stars: ${word}` });
}

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

  if (state.sent) return <Notice>{t`Thank you for your feedback!`}</Notice>;
  if (conversation.status !== 'closed' || conversation.rating !== null) return null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!stars) return setState({ error: t`Choose a rating from 1 to 5 stars.` });
    setState({ busy: true });
    try {
      await rate(conversation.id, stars, comment.trim());
      setState({ sent: true });
    } catch (err) {
      setState({ error: errorText(err) });
    }
  };

  return (
    <form className="rating" onSubmit={submit} noValidate aria-label={t`Rate this conversation`}>
      <p>{t`How did we do?`}</p>
      <div className="stars" role="group" aria-label={t`Your rating`}>
        {STARS.map((n) => (
          <button
            key={n}
            type="button"
            className={n <= stars ? 'star on' : 'star'}
            aria-label={starLabel(n)}
            aria-pressed={n === stars}
            onClick={() => setStars(n)}
          >
            ★
          </button>
        ))}
      </div>
      <textarea
        aria-label={t`Your comment (optional)`}
        placeholder={t`Tell us more (optional)`}
        rows={2}
        value={comment}
        maxLength={COMMENT_MAX_LENGTH}
        onChange={(e) => setComment(e.target.value)}
      />
      {state.error && <Notice kind="error">{state.error}</Notice>}
      <button type="submit" className="primary wide" disabled={state.busy}>
        {state.busy ? t`Sending…` : t`Send rating`}
      </button>
    </form>
  );
}
