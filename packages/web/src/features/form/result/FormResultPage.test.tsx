import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { Survey, SurveyResponse, SurveyResponseDetail } from '@openkefu/contract';
import { setProfile } from '../../../shared/auth/profileStore';
import { changeLanguage } from '../../../shared/i18n';
import { findDialog, pickOption, setupUser } from '../../../shared/testing/dom';
import { renderWithProviders } from '../../../shared/testing/renderWithProviders';
import {
  adminWithPermissions,
  page,
  queriesTo,
  stubFetch,
  type Recorded,
} from '../../../shared/testing/stubFetch';
import { FormResultPage } from './FormResultPage';

const T0 = Date.UTC(2026, 10, 20, 9, 0);

const survey: Survey = {
  fid: 'f1',
  title: 'Customer survey',
  description: '',
  items: [
    { key: 'buyer', label: 'Did you buy?', type: 'radio', required: true, options: ['yes', 'no'] },
    { key: 'likes', label: 'Likes', type: 'checkbox', required: false, options: ['price', 'speed'] },
    { key: 'doc', label: 'Receipt', type: 'file', required: false, options: [] },
  ],
  settings: { onePerVisitor: false, thankYou: '' },
  status: 'published',
  version: 2,
  answerCount: 1,
  url: 'http://localhost/form/f1',
  createdAt: T0,
  updatedAt: T0,
  publishedAt: T0,
  uses: [],
};

const answer: SurveyResponse = {
  rid: 'r1',
  fid: 'f1',
  version: 2,
  answers: { buyer: 'yes', likes: ['price', 'speed'], doc: 'aid123456' },
  tid: null,
  source: 'page',
  durationMs: 42_000,
  createdAt: T0,
};

const detail: SurveyResponseDetail = {
  ...answer,
  items: survey.items,
  files: { aid123456: { fileName: 'receipt.pdf', path: '/uploads/x/receipt.pdf' } },
};

let seen: Recorded[] = [];

afterEach(async () => {
  vi.unstubAllGlobals();
  setProfile(null);
  await changeLanguage('en-US');
});

describe('FormResultPage', { timeout: 60_000 }, () => {
  it('lists answers of the chosen form, filters by version and opens one', async () => {
    setProfile(adminWithPermissions({ 'form.result': ['query', 'get', 'export'] }));
    seen = stubFetch({
      'GET /api/form/survey/query': () => page([survey]),
      'GET /api/form/survey/get': () => survey,
      'GET /api/form/survey/versions': () => [
        { ...survey, version: 2, publishedAt: T0 },
        { ...survey, version: 1, publishedAt: T0 },
      ],
      'GET /api/form/survey/responses': () => page([answer]),
      'GET /api/form/survey/response': () => detail,
    });
    const user = setupUser();
    renderWithProviders(<FormResultPage />, { path: '/?fid=f1' });
    expect(await screen.findByText('price, speed')).toBeInTheDocument();
    expect(screen.getByText('Export to Excel')).toBeInTheDocument();
    await pickOption(user, document.body, 'Version', 'Version 1');
    await waitFor(() =>
      expect(queriesTo(seen, '/api/form/survey/responses').at(-1)).toBe('fid=f1&version=1&page=0&size=20'),
    );
    await user.click(screen.getByText('Details'));
    const drawer = await findDialog();
    expect(await within(drawer).findByText('receipt.pdf')).toHaveAttribute('href', '/uploads/x/receipt.pdf');
    expect(within(drawer).getByText('42 seconds')).toBeInTheDocument();
  });

  it('asks for a form first, in Chinese', async () => {
    await changeLanguage('zh-CN');
    stubFetch({ 'GET /api/form/survey/query': () => page([]) });
    renderWithProviders(<FormResultPage />);
    expect(await screen.findByText('请选择一个表单查看答卷。')).toBeInTheDocument();
  });
});
