import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { useState } from 'react';
import { RichTextEditor } from './rich-text-editor';
import { choose, typeAtEnd } from './editor-testing';

function Harness({ initial = '' }: { initial?: string }) {
  const [html, setHtml] = useState(initial);
  return (
    <>
      <RichTextEditor label="Article text" value={html} onChange={setHtml} />
      <output data-testid="html">{html}</output>
    </>
  );
}

const html = () => screen.getByTestId('html').textContent;

function setup(initial?: string) {
  const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
  render(<Harness initial={initial} />);
  return { user, text: screen.getByRole('textbox', { name: 'Article text' }) };
}

const tool = (name: string) =>
  within(screen.getByRole('toolbar', { name: 'Formatting' })).getByRole('button', { name });

describe('the article editor', () => {
  it('turns typing into paragraphs', async () => {
    const { user, text } = setup();
    await typeAtEnd(user, text, 'Hello there');
    await waitFor(() => expect(html()).toBe('<p>Hello there</p>'));
  });

  it('an empty text is saved as nothing, not as an empty paragraph', async () => {
    const { user, text } = setup('<p>x</p>');
    await typeAtEnd(user, text, '{Backspace}');
    await waitFor(() => expect(html()).toBe(''));
  });

  it('Bold makes the chosen words bold and shows that it is on', async () => {
    const { user, text } = setup('<p>Within 30 days.</p>');
    expect(tool('Bold')).toHaveAttribute('aria-pressed', 'false');
    choose(text, '30 days');
    await user.click(tool('Bold'));
    await waitFor(() => expect(html()).toBe('<p>Within <strong>30 days</strong>.</p>'));
    expect(tool('Bold')).toHaveAttribute('aria-pressed', 'true');
    // The same with the keyboard shortcut takes it off again.
    choose(text, '30 days');
    await user.keyboard('{Control>}b{/Control}');
    await waitFor(() => expect(html()).toBe('<p>Within 30 days.</p>'));
  });

  it('headings, quotes and lists come from the toolbar', async () => {
    const { user, text } = setup('<p>Returns</p>');
    choose(text, 'Returns');
    await user.click(tool('H2 heading'));
    await waitFor(() => expect(html()).toBe('<h2>Returns</h2>'));
    expect(tool('H2 heading')).toHaveAttribute('aria-pressed', 'true');
    await user.click(tool('¶ paragraph'));
    await user.click(tool('Bulleted list'));
    await waitFor(() => expect(html()).toBe('<ul><li><p>Returns</p></li></ul>'));
    await user.click(tool('Bulleted list'));
    await user.click(tool('“ ” quote'));
    await waitFor(() => expect(html()).toBe('<blockquote><p>Returns</p></blockquote>'));
  });

  it('links the chosen words to an address, "https://" added when left out', async () => {
    const { user, text } = setup('<p>See our shipping page.</p>');
    expect(tool('Remove link')).toBeDisabled();
    choose(text, 'shipping page');
    await user.click(tool('Link'));
    const address = await screen.findByRole('textbox', { name: 'Link address' });
    await waitFor(() => expect(address).toHaveFocus());
    await user.clear(address);
    await user.type(address, 'example.com/shipping{Enter}');
    await waitFor(() =>
      expect(html()).toBe(
        '<p>See our <a href="https://example.com/shipping">shipping page</a>.</p>',
      ),
    );
    choose(text, 'shipping');
    await waitFor(() => expect(tool('Remove link')).toBeEnabled());
    await user.click(tool('Remove link'));
    await waitFor(() => expect(html()).toBe('<p>See our shipping page.</p>'));
  });

  it('keeps markup it has no button for (tables, images, superscript) and drops scripts', async () => {
    const body =
      '<p>E = mc<sup>2</sup> <img src="https://cdn.example.com/a.png" alt="Chart"></p>' +
      '<table><tbody><tr><th>Plan</th><td colspan="2">Pro</td></tr></tbody></table>';
    const { user, text } = setup(`${body}<script>alert(1)</script>`);
    expect(text.querySelector('script')).toBeNull();
    choose(text, 'Pro', true);
    await user.keyboard('!');
    await waitFor(() =>
      expect(html()).toBe(
        '<p>E = mc<sup>2</sup> <img src="https://cdn.example.com/a.png" alt="Chart"></p>' +
          '<table><tbody><tr><th><p>Plan</p></th><td colspan="2"><p>Pro!</p></td></tr></tbody></table>',
      ),
    );
  });

  it('a new value from outside replaces the text; its own changes do not reset it', async () => {
    function Outside() {
      const [value, setValue] = useState('<p>First</p>');
      return (
        <>
          <RichTextEditor label="Article text" value={value} onChange={setValue} />
          <button type="button" onClick={() => setValue('<p>Second article</p>')}>
            Load another
          </button>
        </>
      );
    }
    const user = userEvent.setup({
      delay: null,
      pointerEventsCheck: PointerEventsCheckLevel.Never,
    });
    render(<Outside />);
    const text = screen.getByRole('textbox', { name: 'Article text' });
    await typeAtEnd(user, text, ' draft');
    await waitFor(() => expect(text.innerHTML).toBe('<p>First draft</p>'));
    await user.click(screen.getByRole('button', { name: 'Load another' }));
    await waitFor(() => expect(text.innerHTML).toBe('<p>Second article</p>'));
    // Undo stays within what was typed in this article.
    await user.click(tool('Undo'));
    await waitFor(() => expect(text.innerHTML).toBe('<p>Second article</p>'));
  });

  it('read-only when disabled: the text cannot be changed and the toolbar is off', () => {
    render(<RichTextEditor label="Article text" value="<p>Hi</p>" onChange={() => {}} disabled />);
    const text = screen.getByRole('textbox', { name: 'Article text' });
    expect(text).toHaveAttribute('contenteditable', 'false');
    expect(text).toHaveAttribute('aria-readonly', 'true');
    expect(tool('Bold')).toBeDisabled();
  });

  it('the toolbar is one Tab stop, walked with the arrow keys; Alt+F10 reaches it from the text', async () => {
    const { user, text } = setup('<p>Hi</p>');
    const buttons = within(screen.getByRole('toolbar', { name: 'Formatting' })).getAllByRole(
      'button',
    );
    expect(buttons.filter((b) => b.tabIndex === 0)).toEqual([tool('Bold')]);
    choose(text, 'Hi');
    await user.keyboard('{Alt>}{F10}{/Alt}');
    expect(tool('Bold')).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(tool('Italic')).toHaveFocus();
    expect(tool('Italic').tabIndex).toBe(0);
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    // Past the start it goes round to the last button that can be used now.
    expect(tool('Clear formatting')).toHaveFocus();
    await user.keyboard('{Home}');
    expect(tool('Bold')).toHaveFocus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(text).toHaveFocus());
  });

  it('the preview shows the text in a sandboxed frame, where nothing in it can run', async () => {
    const { user } = setup('<p>Within <strong>30 days</strong>.</p>');
    await user.click(screen.getByRole('tab', { name: 'Preview' }));
    const preview = screen.getByTitle('Article preview');
    expect(preview).toHaveAttribute('sandbox', '');
    expect(preview.getAttribute('srcdoc')).toContain('<p>Within <strong>30 days</strong>.</p>');
    expect(tool('Bold')).toBeDisabled();
  });
});
