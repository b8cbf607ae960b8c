import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PlatformNotice } from '@openkefu/contract';
import { setProfile } from '../../../shared/auth/profileStore';
import { changeLanguage } from '../../../shared/i18n';
import { renderWithProviders } from '../../../shared/testing/renderWithProviders';
import { ALL_ACTIONS, page, platformStaff, stubFetch } from '../shared/testFixtures';
import { PushPage } from './PushPage';

const notice: PlatformNotice = {
  nid: 'n1',
  title: 'Maintenance tonight',
  content: '<p>Down <strong>22:00</strong></p>',
  level: 'warning',
  audience: 'orgs',
  organizations: [{ oid: 'o1', name: 'Acme Ltd', subDomain: 'acme' }],
  recipients: 8,
  readers: 2,
  isEmailed: true,
  withdrawnAt: null,
  createdAt: Date.UTC(2025, 0, 2, 3, 4),
};

beforeAll(async () => {
  await import('../../../shared/editor/RichTextEditorImpl');
});

afterEach(async () => {
  vi.unstubAllGlobals();
  setProfile(null);
  await changeLanguage('en-US');
});

describe('PushPage', { timeout: 60_000 }, () => {
  it('lists notices with readers of recipients, shows one, and withdraws after confirming', async () => {
    setProfile(platformStaff({ 'platform.push': ALL_ACTIONS }));
    let isWithdrawn = false;
    const { requests } = stubFetch({
      'GET /api/platform/notice/query': () =>
        page([{ ...notice, withdrawnAt: isWithdrawn ? Date.UTC(2025, 0, 3) : null }]),
      'POST /api/platform/notice/withdraw': () => {
        isWithdrawn = true;
        return { ...notice, withdrawnAt: Date.UTC(2025, 0, 3) };
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<PushPage />);
    expect(await screen.findByText('Maintenance tonight')).toBeInTheDocument();
    expect(screen.getByText('2 / 8 users')).toBeInTheDocument();
    expect(screen.getByText('Acme Ltd')).toBeInTheDocument();
    expect(screen.getByText('Warning')).toBeInTheDocument();

    await user.click(screen.getByText('View'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('22:00')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: /close/i }));

    await user.click(screen.getByText('Withdraw'));
    expect(await screen.findByText('Withdraw “Maintenance tonight”?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    await waitFor(() =>
      expect(requests.find((request) => request.method === 'POST')?.body).toEqual({ nid: 'n1' }),
    );
    expect(await screen.findByText('“Maintenance tonight” withdrawn')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Withdraw')).toBeNull());
  });

  it('validates the form, then sends to chosen organisations', async () => {
    setProfile(platformStaff({ 'platform.push': ALL_ACTIONS }));
    const { requests } = stubFetch({
      'GET /api/platform/notice/query': () => page([]),
      'POST /api/platform/notice/create': (_url, body) => ({ ...notice, ...(body as object), recipients: 5 }),
    });
    const user = userEvent.setup();
    renderWithProviders(<PushPage />);
    expect(await screen.findByText('No notices sent yet')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /new notice/i }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByText('Chosen organisations'));
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText('Please enter a title')).toBeInTheDocument();
    expect(within(dialog).getByText('Name at least one organisation')).toBeInTheDocument();
    expect(await within(dialog).findByText('Please write the notice')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Title'), 'New feature');
    await user.type(within(dialog).getByLabelText('Organisations'), 'acme{enter}');
    await user.click(await within(dialog).findByRole('tab', { name: 'Markdown' }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Markdown source' }), {
      target: { value: 'Hello **all**' },
    });
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(requests.some((request) => request.method === 'POST')).toBe(true));
    expect(requests.find((request) => request.method === 'POST')?.body).toMatchObject({
      title: 'New feature',
      level: 'info',
      audience: 'orgs',
      subDomains: ['acme'],
      sendEmail: true,
      content: expect.stringContaining('<strong>all</strong>') as unknown as string,
    });
    expect(await screen.findByText('“New feature” sent to 5 users')).toBeInTheDocument();
  });

  it('hides New notice and Withdraw without the actions, and speaks Chinese', async () => {
    await changeLanguage('zh-CN');
    setProfile(platformStaff({ 'platform.push': ['query'] }));
    stubFetch({ 'GET /api/platform/notice/query': () => page([notice]) });
    renderWithProviders(<PushPage />);
    expect(await screen.findByText('2 / 8 人')).toBeInTheDocument();
    expect(screen.queryByText('撤回')).toBeNull();
    expect(screen.queryByRole('button', { name: /新建通知/ })).toBeNull();
  });
});
