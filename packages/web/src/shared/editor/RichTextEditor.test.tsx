import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { setProfile } from '../auth/profileStore';
import { FakeXhr, attachment, profile } from '../components/Upload/testing';
import { renderWithProviders } from '../testing/renderWithProviders';
import { setupUser } from '../testing/dom';
import { htmlToMarkdown, markdownToHtml } from './markdown';
import { isAllowedLink } from './RichTextEditorImpl';
import { RichTextEditor, type RichTextValue } from '.';

let lastValue: RichTextValue | null = null;

const Harness = ({ initial }: { initial: RichTextValue }) => {
  const [value, setValue] = useState(initial);
  return (
    <>
      <RichTextEditor
        ariaLabel="Body"
        value={value}
        onChange={(next) => {
          lastValue = next;
          setValue(next);
        }}
      />
      <button type="button" onClick={() => setValue({ html: '<p>Replaced from outside</p>', markdown: '' })}>
        replace
      </button>
    </>
  );
};

const findEditable = () => screen.findByRole('textbox', { name: 'Body' });

beforeAll(async () => {
  // Load the lazy chunk once, so each test does not wait for it.
  await import('./RichTextEditorImpl');
});

afterEach(() => {
  vi.unstubAllGlobals();
  setProfile(null);
  lastValue = null;
});

describe('markdown conversion', () => {
  it('keeps tables, lists, marks and links both ways', () => {
    const html =
      '<h2>Refunds</h2><p><strong>Bold</strong> <s>old</s> <a href="https://x.io">site</a></p>' +
      '<table><colgroup><col></colgroup><tbody><tr><th><p>A</p></th><th><p>B</p></th></tr>' +
      '<tr><td><p>1</p></td><td><p>2</p></td></tr></tbody></table><ul><li><p>one</p></li><li><p>two</p></li></ul>';
    const markdown = htmlToMarkdown(html);
    expect(markdown).toBe(
      '## Refunds\n\n**Bold** ~~old~~ [site](https://x.io)\n\n| A   | B   |\n| --- | --- |\n| 1   | 2   |\n\n- one\n- two',
    );
    const back = markdownToHtml(markdown);
    expect(back).toContain('<th>A</th>');
    expect(back).toContain('<s>old</s>');
  });

  it('never passes raw HTML or script links through Markdown', () => {
    const html = markdownToHtml('<img src=x onerror=alert(1)> [x](javascript:alert(1))');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('href="javascript');
    expect(isAllowedLink('javascript:alert(1)')).toBe(false);
    expect(isAllowedLink('https://example.com/a')).toBe(true);
  });
});

describe('RichTextEditor', () => {
  it('edits with the toolbar, converts to Markdown and back, and previews', async () => {
    const user = setupUser();
    renderWithProviders(<Harness initial={{ html: '<p>Hello world</p>', markdown: '' }} />);
    const editable = await findEditable();
    expect(editable).toHaveTextContent('Hello world');

    // Select everything and make it bold through the toolbar.
    await user.click(editable);
    await user.keyboard('{Control>}a{/Control}');
    await user.click(screen.getByRole('button', { name: 'Bold' }));
    await waitFor(() => expect(lastValue?.html).toBe('<p><strong>Hello world</strong></p>'));

    await user.click(screen.getByRole('tab', { name: 'Markdown' }));
    const source = screen.getByRole('textbox', { name: 'Markdown source' });
    expect(source).toHaveValue('**Hello world**');
    expect(lastValue).toEqual({ html: '<p><strong>Hello world</strong></p>', markdown: '**Hello world**' });

    fireEvent.change(source, { target: { value: '# Title\n\n| a | b |\n|---|---|\n| 1 | 2 |' } });
    expect(lastValue?.markdown).toBe('# Title\n\n| a | b |\n|---|---|\n| 1 | 2 |');
    expect(lastValue?.html).toContain('<h1>Title</h1>');

    await user.click(screen.getByRole('tab', { name: 'Preview' }));
    const preview = screen.getByTestId('rich-text-preview');
    expect(within(preview).getByRole('heading', { name: 'Title' })).toBeInTheDocument();
    expect(within(preview).getByRole('table')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Rich text' }));
    await waitFor(() => expect(lastValue?.markdown).toBe(''));
    expect(lastValue?.html).toContain('<h1>Title</h1>');
    expect(within(await findEditable()).getByRole('table')).toBeInTheDocument();
  });

  it('shows a value set from outside', async () => {
    const user = setupUser();
    renderWithProviders(<Harness initial={{ html: '<p>First</p>', markdown: '' }} />);
    await findEditable();
    await user.click(screen.getByText('replace'));
    await waitFor(async () => expect(await findEditable()).toHaveTextContent('Replaced from outside'));
  });

  it('opens in Markdown mode for Markdown content', async () => {
    renderWithProviders(<Harness initial={{ html: '<p><em>hi</em></p>', markdown: '*hi*' }} />);
    expect(await screen.findByRole('textbox', { name: 'Markdown source' })).toHaveValue('*hi*');
  });

  it('uploads a pasted image with progress and inserts it', async () => {
    FakeXhr.instances = [];
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    setProfile(profile('alice'));
    renderWithProviders(<Harness initial={{ html: '<p>Text</p>', markdown: '' }} />);
    const editable = await findEditable();
    const file = new File(['png'], 'shot.png', { type: 'image/png' });
    act(() => {
      fireEvent.paste(editable, { clipboardData: { files: [file], getData: () => '', types: ['Files'] } });
    });
    const xhr = FakeXhr.latest();
    expect(new URL(xhr.url, 'http://localhost').pathname).toBe('/api/upload/image');
    expect(xhr.body?.get('username')).toBe('alice');
    xhr.progress(30, 100);
    expect(screen.getByText('Uploading shot.png')).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '30');
    xhr.respond(200, {
      message: 'OK',
      status_code: 200,
      data: attachment({ fileName: 'shot.png', path: 'http://localhost/uploads/shot.png' }),
    });
    await waitFor(() => expect(lastValue?.html).toContain('<img src="http://localhost/uploads/shot.png"'));
    expect(screen.queryByText('Uploading shot.png')).toBeNull();
  });
});
