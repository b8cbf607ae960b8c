import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { setProfile } from '../../../shared/auth/profileStore';
import { changeLanguage } from '../../../shared/i18n';
import { rowOf } from '../../../shared/testing/dom';
import { renderWithProviders } from '../../../shared/testing/renderWithProviders';
import { adminWithPermissions, page, queriesTo, stubFetch } from '../../../shared/testing/stubFetch';
import { ALL_ARTICLE_ACTIONS, makeNode, makeSummary } from '../shared/testing';
import { DailyEnglishListPage, TikuQaListPage } from './ArticleListPages';

/* The admin-only lists of the menu that have no page of their own: the same list, its own type. */

const columnHeaders = () => screen.getAllByRole('columnheader').map((header) => header.textContent ?? '');

afterEach(async () => {
  vi.unstubAllGlobals();
  setProfile(null);
  await changeLanguage('en-US');
});

describe('admin-only article lists', { timeout: 60_000 }, () => {
  it('lists daily English articles from their own type and category tree', async () => {
    setProfile(adminWithPermissions({ 'kb.jinrimeiyulist': [...ALL_ARTICLE_ACTIONS] }));
    const seen = stubFetch({
      'GET /api/article/query': () =>
        page([
          makeSummary({
            aid: 'd-1',
            type: 'jinrimeiyu',
            title: 'Word of the day: resilient',
            summary: 'Able to recover quickly.',
            categories: [{ cid: 'c-words', name: 'Words' }],
            rateHelpful: 0,
          }),
        ]),
      'GET /api/category/tree': () => [
        makeNode({ cid: 'c-words', name: 'Words', type: 'jinrimeiyu', articleCount: 1 }),
      ],
      'GET /api/user/all': () => page([]),
    });
    renderWithProviders(<DailyEnglishListPage />);

    await screen.findByText('Word of the day: resilient');
    const row = rowOf('Word of the day: resilient');
    expect(queriesTo(seen, '/api/article/query')).toEqual(['type=jinrimeiyu&page=0&size=20']);
    expect(queriesTo(seen, '/api/category/tree')).toEqual(['type=jinrimeiyu']);
    expect(screen.getByText('Daily English')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /New article/ })).toBeInTheDocument();
    expect(within(row).getByText('Published')).toBeInTheDocument();
    expect(within(row).getAllByText('Words').length).toBeGreaterThan(0);
    expect(columnHeaders()).toContain('Title');
    expect(columnHeaders()).not.toContain('Answer');
  });

  it('lists question-and-answer pairs with the answer beside the question, in Chinese too', async () => {
    await changeLanguage('zh-CN');
    setProfile(adminWithPermissions({ 'kb.tikuqalist': [...ALL_ARTICLE_ACTIONS] }));
    const seen = stubFetch({
      'GET /api/article/query': () =>
        page([
          makeSummary({
            aid: 'q-1',
            type: 'tikuqa',
            title: '退款多久到账？',
            summary: '审核通过后 1 至 7 个工作日原路退回。',
            categories: [],
          }),
        ]),
      'GET /api/category/tree': () => [],
      'GET /api/user/all': () => page([]),
    });
    renderWithProviders(<TikuQaListPage />);

    await screen.findByText('退款多久到账？');
    const row = rowOf('退款多久到账？');
    expect(queriesTo(seen, '/api/article/query')).toEqual(['type=tikuqa&page=0&size=20']);
    expect(queriesTo(seen, '/api/category/tree')).toEqual(['type=tikuqa']);
    expect(screen.getByText('题库问答')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /新建问答/ })).toBeInTheDocument();
    expect(within(row).getByText('审核通过后 1 至 7 个工作日原路退回。')).toBeInTheDocument();
    expect(columnHeaders()).toEqual(expect.arrayContaining(['题目', '答案']));
  });
});
