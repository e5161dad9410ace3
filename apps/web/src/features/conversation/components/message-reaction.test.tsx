import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderPage } from '../../../test/render';
import { message } from '../test/pane-fixtures';
import { MessageReaction } from './message-reaction';

const reaction = (body: string, reactedTo: { id: number; body: string } | null) =>
  message({ kind: 'reaction', body, reacted_to: reactedTo });

function renderReaction(m = reaction('👍', { id: 7, body: 'Your parcel left today.' })) {
  return renderPage(
    <ul>
      <MessageReaction message={m} sender="Lena" />
    </ul>,
    { at: '/' },
  );
}

describe('a customer’s reaction in the thread', () => {
  it('shows the emoji and who reacted to which message, quoting its text', () => {
    renderReaction();
    expect(screen.getByRole('img', { name: 'Reaction 👍' })).toHaveTextContent('👍');
    const item = screen.getByRole('listitem');
    expect(item).toHaveAttribute('data-kind', 'reaction');
    expect(item).toHaveTextContent('Lena reacted to');
    expect(screen.getByTestId('reacted-to')).toHaveTextContent('Your parcel left today.');
  });

  it('quotes only the start of a long message, on one line', () => {
    renderReaction(reaction('❤️', { id: 7, body: `Line one\n\n${'word '.repeat(40)}` }));
    const quoted = screen.getByTestId('reacted-to').textContent!;
    expect(quoted.startsWith('Line one word')).toBe(true);
    expect(quoted.endsWith('…')).toBe(true);
    expect(quoted.length).toBe(80);
  });

  it('says "a message" when the message is no longer there', () => {
    renderReaction(reaction('😂', null));
    expect(screen.getByRole('listitem')).toHaveTextContent('Lena reacted to a message');
    expect(screen.queryByTestId('reacted-to')).toBeNull();
  });

  it('shows nothing once the reaction was taken back', () => {
    const { container } = renderReaction(reaction('', { id: 7, body: 'Your parcel left today.' }));
    expect(container.querySelector('li')).toBeNull();
  });
});
