import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { PrechatDefault, Survey } from '@openkefu/contract';
import { setProfile } from '../../../shared/auth/profileStore';
import { changeLanguage } from '../../../shared/i18n';
import { setupUser } from '../../../shared/testing/dom';
import { renderWithProviders } from '../../../shared/testing/renderWithProviders';
import { adminWithPermissions, page, stubFetch, type Recorded } from '../../../shared/testing/stubFetch';
import { FormPage } from './FormPage';

const T0 = Date.UTC(2026, 10, 20, 9, 0);

const intake: Survey = {
  fid: 'f-intake',
  title: 'Sales intake',
  description: '',
  items: [{ key: 'q1', label: 'Topic', type: 'radio', required: true, options: ['Sales', 'Billing'] }],
  settings: { onePerVisitor: false, thankYou: '' },
  status: 'published',
  version: 3,
  answerCount: 12,
  url: 'http://localhost/form/f-intake',
  createdAt: T0,
  updatedAt: T0,
  publishedAt: T0,
  uses: [
    { purpose: 'prechat', wid: 'w-sales', nickname: 'Sales' },
    { purpose: 'prechat', wid: null, nickname: '' },
  ],
};

let current: PrechatDefault;
let seen: Recorded[] = [];

beforeEach(() => {
  current = { fid: 'f-intake', title: 'Sales intake' };
  seen = stubFetch({
    'GET /api/form/prechat/default': () => current,
    'POST /api/form/prechat/default': (request) => {
      const fid = (request.body as { fid: string | null }).fid;
      current = { fid, title: fid === 'f-other' ? 'Other form' : '' };
      return current;
    },
    'GET /api/form/survey/published': () => [
      { fid: 'f-intake', version: 3, title: 'Sales intake' },
      { fid: 'f-other', version: 1, title: 'Other form' },
    ],
    'GET /api/form/survey/query': () => page([intake]),
  });
  setProfile(
    adminWithPermissions({
      kefu: ['query'],
      'kefu.form': ['query', 'get', 'edit'],
      'form.list': ['query', 'get', 'edit', 'add'],
    }),
  );
});

afterEach(async () => {
  vi.unstubAllGlobals();
  setProfile(null);
  await changeLanguage('en-US');
});

describe('kefu → pre-chat forms', { timeout: 60_000 }, () => {
  it('lists only the forms used before a chat, with where they are used', async () => {
    renderWithProviders(<FormPage />);
    expect(await screen.findByText('Sales intake', { selector: 'a' })).toBeInTheDocument();
    const uses = screen.getByTestId('uses-f-intake');
    expect(within(uses).getByText('Before chat: Sales')).toBeInTheDocument();
    expect(within(uses).getByText('Before chat: organisation default')).toBeInTheDocument();
    const query = seen.find((request) => request.path === '/api/form/survey/query');
    expect(query?.params.get('use')).toBe('prechat');
    // The issue-5 editor is gone: no field editor, the builder edits the forms.
    expect(screen.queryByText('Standard fields')).toBeNull();
  });

  it("chooses the organisation's default among the published forms, or the built-in form", async () => {
    const user = setupUser();
    renderWithProviders(<FormPage />);
    const select = await screen.findByRole('combobox', { name: 'Organisation default' });
    await waitFor(() => expect(select.closest('.ant-select')?.textContent).toContain('Sales intake'));
    await user.click(select);
    await user.click(await screen.findByTitle('Other form'));
    await waitFor(() =>
      expect(
        seen.filter((request) => request.method === 'POST' && request.path === '/api/form/prechat/default'),
      ).toHaveLength(1),
    );
    expect(seen.find((request) => request.method === 'POST')?.body).toEqual({ fid: 'f-other' });
    expect(await screen.findByText('Default pre-chat form saved')).toBeInTheDocument();

    await user.click(select);
    await user.click(await screen.findByTitle('Built-in form (name, mobile, email)'));
    await waitFor(() =>
      expect(seen.filter((request) => request.method === 'POST').map((request) => request.body)).toEqual([
        { fid: 'f-other' },
        { fid: null },
      ]),
    );
  });

  it('speaks Chinese', async () => {
    await changeLanguage('zh-CN');
    renderWithProviders(<FormPage />);
    expect(await screen.findByRole('combobox', { name: '组织默认' })).toBeInTheDocument();
    expect(await screen.findByText('咨询前：Sales')).toBeInTheDocument();
  });
});
