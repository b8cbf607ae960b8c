import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { GreetingTips, PlatformGreeting } from '@openkefu/contract';
import { setProfile } from '../../../shared/auth/profileStore';
import { changeLanguage } from '../../../shared/i18n';
import { renderWithProviders } from '../../../shared/testing/renderWithProviders';
import { ALL_ACTIONS, platformStaff, stubFetch } from '../shared/testFixtures';
import { GreetingPage } from './GreetingPage';

const tips = (overrides: Partial<GreetingTips> = {}): GreetingTips => ({
  welcomeTip: '',
  acceptTip: '',
  reRequestTip: '',
  robotTip: '',
  robotAnswerNotFoundTip: '',
  offlineTip: '',
  closeTip: '',
  autoCloseTip: '',
  nonWorkingTimeTip: '',
  maxQueueCountExceedTip: '',
  maxQueueSecondExceedTip: '',
  ...overrides,
});

const greetings: PlatformGreeting[] = [
  { language: 'en-US', tips: tips({ welcomeTip: 'Hello there' }), updatedAt: Date.UTC(2025, 0, 2) },
  { language: 'zh-CN', tips: tips(), updatedAt: null },
];

afterEach(async () => {
  vi.unstubAllGlobals();
  setProfile(null);
  await changeLanguage('en-US');
});

describe('GreetingPage', { timeout: 60_000 }, () => {
  it('shows each language’s tips and saves one language', async () => {
    setProfile(platformStaff({ 'platform.greeting': ALL_ACTIONS }));
    const { requests } = stubFetch({
      'GET /api/platform/greeting': () => greetings,
      'POST /api/platform/greeting/update': (_url, body) => ({
        ...(body as { language: string; tips: GreetingTips }),
        updatedAt: Date.UTC(2025, 0, 3),
      }),
    });
    const user = userEvent.setup();
    renderWithProviders(<GreetingPage />);
    const welcome = await screen.findByLabelText('Welcome message');
    expect(welcome).toHaveValue('Hello there');
    await user.clear(welcome);
    await user.type(welcome, 'Welcome!');
    await user.type(screen.getByLabelText('Outside work hours'), 'We are closed');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(requests.some((request) => request.method === 'POST')).toBe(true));
    expect(requests.find((request) => request.method === 'POST')?.body).toMatchObject({
      language: 'en-US',
      tips: { welcomeTip: 'Welcome!', nonWorkingTimeTip: 'We are closed', closeTip: '' },
    });
    expect(await screen.findByText('Default greetings (English (en-US)) saved')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: /zh-CN/ }));
    expect(
      await screen.findByText('Not saved yet: new skill groups start with empty tips.'),
    ).toBeInTheDocument();
  });

  it('shows the server’s field error under the tip', async () => {
    setProfile(platformStaff({ 'platform.greeting': ALL_ACTIONS }));
    stubFetch({
      'GET /api/platform/greeting': () => greetings,
      'POST /api/platform/greeting/update': () =>
        new Response(
          JSON.stringify({
            message: 'Invalid request: tips.closeTip',
            status_code: 400,
            data: null,
            fields: [{ field: 'tips.closeTip', message: 'must not contain links' }],
          }),
          { status: 400, headers: { 'Content-Type': 'application/json' } },
        ),
    });
    const user = userEvent.setup();
    renderWithProviders(<GreetingPage />);
    await screen.findByLabelText('Welcome message');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const close = screen
      .getByLabelText('When the agent closes the conversation')
      .closest('.ant-form-item') as HTMLElement;
    expect(await within(close).findByText('must not contain links')).toBeInTheDocument();
  });

  it('says what went wrong when loading fails, and retries', async () => {
    setProfile(platformStaff({ 'platform.greeting': ALL_ACTIONS }));
    let isDown = true;
    stubFetch({
      'GET /api/platform/greeting': () =>
        isDown
          ? new Response(JSON.stringify({ message: 'Database unavailable', status_code: 500, data: null }), {
              status: 500,
              headers: { 'Content-Type': 'application/json' },
            })
          : greetings,
    });
    const user = userEvent.setup();
    renderWithProviders(<GreetingPage />);
    expect(await screen.findByText(/Could not load the data: Database unavailable/)).toBeInTheDocument();
    isDown = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByLabelText('Welcome message')).toHaveValue('Hello there');
  });

  it('is read-only without the edit action, and speaks Chinese', async () => {
    await changeLanguage('zh-CN');
    setProfile(platformStaff({ 'platform.greeting': ['query'] }));
    stubFetch({ 'GET /api/platform/greeting': () => greetings });
    renderWithProviders(<GreetingPage />);
    expect(await screen.findByLabelText('欢迎语')).toBeDisabled();
    expect(screen.queryByRole('button', { name: /保\s*存/ })).toBeNull();
    expect(screen.getByText('默认问候语')).toBeInTheDocument();
  });
});
