import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { Article, ArticleType } from '@openkefu/contract';
import { setProfile } from '../../../shared/auth/profileStore';
import { button, fill, setupUser } from '../../../shared/testing/dom';
import { renderWithProviders } from '../../../shared/testing/renderWithProviders';
import {
  adminWithPermissions,
  errorResponse,
  stubFetch,
  type Recorded,
  type Routes,
} from '../../../shared/testing/stubFetch';
import '../shared/i18n';
import { makeArticle, sampleTree, T0 } from '../shared/testing';
import { ArticleEditorDrawer } from './ArticleEditorDrawer';

let seen: Recorded[] = [];
const onSaved = vi.fn();
const onClose = vi.fn();

const posts = (path: string) =>
  seen.filter((request) => request.method === 'POST' && request.path === path).map((request) => request.body);

const stub = (extra: Routes = {}) => {
  seen = stubFetch({
    'GET /api/article/get': () => makeArticle(),
    'POST /api/article/create': (request) =>
      makeArticle({ aid: 'a-new', version: 1, ...(request.body as Partial<Article>), status: 'draft' }),
    'POST /api/article/update': (request) =>
      makeArticle({ ...(request.body as Partial<Article>), version: 4, status: 'published' }),
    ...extra,
  });
};

const renderEditor = (aid: string | null, type: ArticleType = 'support') =>
  renderWithProviders(
    <ArticleEditorDrawer
      type={type}
      aid={aid}
      categoryTree={sampleTree()}
      canEdit
      onClose={onClose}
      onSaved={onSaved}
    />,
  );

const drawer = () => document.querySelector('.ok-kb-editor') as HTMLElement;

/** The body's rich-text editor (lazily loaded); a CSS query is cheaper than a role query over the drawer. */
const findBody = () =>
  waitFor(
    () => {
      const element = document.querySelector<HTMLElement>('[contenteditable][aria-label="Content"]');
      if (!element) throw new Error('no editor yet');
      return element;
    },
    { timeout: 5_000 },
  );

beforeAll(async () => {
  await import('../../../shared/editor/RichTextEditorImpl');
});

beforeEach(() => {
  stub();
  onSaved.mockReset();
  onClose.mockReset();
  setProfile(adminWithPermissions({ 'kb.list': ['query', 'get', 'add', 'edit', 'delete'] }));
});

afterEach(() => {
  vi.unstubAllGlobals();
  setProfile(null);
});

describe('ArticleEditorDrawer', { timeout: 60_000 }, () => {
  it('names the missing field, then creates a draft with the rich text', async () => {
    const user = setupUser();
    renderEditor(null);
    await screen.findByText('New help centre article');
    await user.click(button(drawer(), 'Save draft'));
    expect(await screen.findByText('Enter a title')).toBeInTheDocument();
    expect(posts('/api/article/create')).toEqual([]);

    await fill(user, screen.getByLabelText('Title'), 'Refund policy');
    await fill(user, screen.getByLabelText('Summary'), 'How refunds work');
    // The real rich-text editor (tiptap) runs in jsdom.
    const body = await findBody();
    expect(body).toHaveAttribute('contenteditable', 'true');
    await user.click(button(drawer(), 'Save draft'));
    await waitFor(() =>
      expect(posts('/api/article/create')).toEqual([
        {
          type: 'support',
          title: 'Refund policy',
          summary: 'How refunds work',
          content: '',
          markdown: '',
          keywords: [],
          categories: [],
          recommend: false,
          top: false,
          status: 'draft',
          publishAt: null,
          question: null,
          tender: null,
        },
      ]),
    );
    expect(await screen.findByText('Draft saved')).toBeInTheDocument();
    expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ aid: 'a-new' }), true);
  });

  it('updates with the loaded version, and offers a reload on a 409', async () => {
    const user = setupUser();
    let getCount = 0;
    stub({
      'GET /api/article/get': () => {
        getCount += 1;
        return getCount === 1
          ? makeArticle()
          : makeArticle({ title: 'Their title', version: 5, updatedAt: T0 + 60_000 });
      },
      'POST /api/article/update': () => errorResponse(409, 'This article was changed by someone else'),
    });
    renderEditor('a-1');
    const title = await screen.findByLabelText('Title');
    expect(title).toHaveValue('How to reset a password');
    expect(await findBody()).toHaveTextContent('Open settings.');

    await user.clear(title);
    await fill(user, title, 'My title');
    await user.click(button(drawer(), 'Save and publish'));
    await waitFor(() =>
      expect(posts('/api/article/update')).toEqual([
        expect.objectContaining({ aid: 'a-1', version: 3, title: 'My title', status: 'published' }),
      ]),
    );
    const [conflict] = await screen.findAllByText('Someone else changed this article');
    const modal = conflict?.closest('.ant-modal-container, .ant-modal-content') as HTMLElement;
    expect(within(modal).getByText('This article was changed by someone else')).toBeInTheDocument();
    await user.click(button(modal, 'Reload'));
    await waitFor(() => expect(screen.getByLabelText('Title')).toHaveValue('Their title'));
    expect(screen.getByText(/Version 5/)).toBeInTheDocument();
  });

  it('asks before closing with unsaved changes', async () => {
    const user = setupUser();
    renderEditor('a-1');
    const title = await screen.findByLabelText('Title');
    await user.click(button(drawer(), 'Cancel'));
    expect(onClose).toHaveBeenCalledTimes(1);

    await fill(user, title, ' (edited)');
    await user.click(button(drawer(), 'Cancel'));
    const [ask] = await screen.findAllByText('Discard your changes?');
    expect(onClose).toHaveBeenCalledTimes(1);
    await user.click(
      button(ask?.closest('.ant-modal-container, .ant-modal-content') as HTMLElement, 'Discard'),
    );
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('lists versions, shows one and restores it after a confirmation', async () => {
    const user = setupUser();
    stub({
      'GET /api/article/versions': () => [
        {
          version: 3,
          title: 'How to reset a password',
          author: { uid: 'u-admin', nickname: 'Boss' },
          createdAt: T0,
        },
        { version: 2, title: '<b>Older</b> title', author: null, createdAt: T0 - 60_000 },
      ],
      'GET /api/article/version': () => ({
        version: 2,
        title: '<b>Older</b> title',
        author: null,
        createdAt: T0 - 60_000,
        summary: 'old summary',
        content: '<p>Old body</p>',
        markdown: '',
        keywords: ['legacy'],
      }),
      'POST /api/article/restore': () => makeArticle({ title: '<b>Older</b> title', version: 4 }),
    });
    renderEditor('a-1');
    await screen.findByLabelText('Title');
    await user.click(button(drawer(), 'Version history'));
    const olderItem = (await screen.findByText('<b>Older</b> title')).closest(
      '.ant-list-item',
    ) as HTMLElement;
    expect(screen.getByText('Current')).toBeInTheDocument();
    await user.click(within(olderItem).getByText('View'));
    expect(await screen.findByText('Old body')).toBeInTheDocument();
    expect(screen.getByText('legacy')).toBeInTheDocument();

    await user.click(within(olderItem).getByText('Restore'));
    const [confirm] = await screen.findAllByText('Restore version 2?');
    expect(posts('/api/article/restore')).toEqual([]);
    await user.click(button(confirm?.closest('.ant-popover') as HTMLElement, 'Restore'));
    await waitFor(() => expect(posts('/api/article/restore')).toEqual([{ aid: 'a-1', version: 2 }]));
    await waitFor(() => expect(screen.getByLabelText('Title')).toHaveValue('<b>Older</b> title'));
    expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ version: 4 }), false);
  });

  it('puts 400 field errors under the inputs, nested question fields included', async () => {
    const user = setupUser();
    stub({
      'GET /api/article/get': () =>
        makeArticle({
          type: 'tiku',
          title: 'Which are prime?',
          question: {
            questionType: 'multiple',
            options: [
              { key: 'A', text: '2' },
              { key: 'B', text: '4' },
            ],
            answer: ['A'],
            explanation: '',
            difficulty: 2,
          },
        }),
      'POST /api/article/update': () =>
        errorResponse(400, 'Invalid input', [
          { field: 'title', message: 'Too similar to another question' },
          { field: 'question.options.1.text', message: 'Duplicate option' },
        ]),
    });
    renderEditor('a-1', 'tiku');
    expect(await screen.findByLabelText('Question')).toHaveValue('Which are prime?');
    expect(screen.getByLabelText('Option B')).toHaveValue('4');
    await user.click(button(drawer(), 'Save and publish'));
    expect(await screen.findByText('Too similar to another question')).toBeInTheDocument();
    expect(screen.getByText('Duplicate option')).toBeInTheDocument();
    expect(posts('/api/article/update')[0]).toMatchObject({
      question: {
        questionType: 'multiple',
        answer: ['A'],
        options: [
          { key: 'A', text: '2' },
          { key: 'B', text: '4' },
        ],
      },
    });
  });

  it('checks a question before saving it', async () => {
    const user = setupUser();
    renderEditor(null, 'tiku');
    await screen.findByText('New question');
    await fill(user, screen.getByLabelText('Question'), 'Capital of France?');
    await user.click(button(drawer(), 'Publish'));
    expect(await screen.findByText('Enter the text of option A')).toBeInTheDocument();
    expect(screen.getByText('Choose the right answer')).toBeInTheDocument();
    await fill(user, screen.getByLabelText('Option A'), 'Paris');
    await fill(user, screen.getByLabelText('Option B'), 'Lyon');
    await user.click(within(drawer()).getByLabelText('A'));
    await user.click(button(drawer(), 'Publish'));
    await waitFor(() =>
      expect(posts('/api/article/create')[0]).toMatchObject({
        type: 'tiku',
        status: 'published',
        question: {
          questionType: 'single',
          options: [
            { key: 'A', text: 'Paris' },
            { key: 'B', text: 'Lyon' },
          ],
          answer: ['A'],
          difficulty: 3,
        },
      }),
    );
  });
});
