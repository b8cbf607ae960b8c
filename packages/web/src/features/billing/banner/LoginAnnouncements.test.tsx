import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { changeLanguage } from '../../../shared/i18n';
import { jsonResponse } from '../../../shared/testing/renderWithProviders';
import { stubFetch } from '../../platform/shared/testFixtures';
import { makeAnnouncement } from '../shared/testing';
import { LoginAnnouncements } from './LoginAnnouncements';

afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('en-US');
});

describe('LoginAnnouncements', () => {
  it('shows the sign-in page’s announcements from the public call, each closable', async () => {
    const { requests } = stubFetch({
      'GET /announcement/login': () => [
        makeAnnouncement({ onLoginPage: true }),
        makeAnnouncement({ anid: 'an-2', title: 'Registration paused', content: '' }),
      ],
    });
    const user = userEvent.setup();
    render(<LoginAnnouncements />);
    expect(await screen.findByRole('heading', { name: 'Maintenance on Sunday' })).toBeInTheDocument();
    expect(screen.getByText('The service pauses from 02:00 to 03:00.')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Announcements' })).toBeInTheDocument();
    expect(requests[0].search).toBe('?client=web');

    await user.click(screen.getByRole('button', { name: 'Close "Maintenance on Sunday"' }));
    expect(screen.queryByRole('heading', { name: 'Maintenance on Sunday' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Registration paused' })).toBeInTheDocument();
  });

  it('shows nothing when there is nothing to announce or the call fails', async () => {
    const { requests } = stubFetch({ 'GET /announcement/login': () => jsonResponse(null, 500) });
    const { container } = render(<LoginAnnouncements />);
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(container).toBeEmptyDOMElement();
  });

  it('speaks Chinese', async () => {
    await changeLanguage('zh-CN');
    stubFetch({ 'GET /announcement/login': () => [makeAnnouncement()] });
    render(<LoginAnnouncements />);
    expect(await screen.findByRole('region', { name: '公告' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '关闭「Maintenance on Sunday」' })).toBeInTheDocument();
  });
});
