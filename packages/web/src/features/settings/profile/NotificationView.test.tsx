import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../shared/testing/renderWithProviders';
import { readAgentNotificationPrefs } from '../notificationPrefs';
import { NotificationView } from './NotificationView';

const stubNotification = (
  permission: NotificationPermission,
  answer: NotificationPermission = permission,
) => {
  const requestPermission = vi.fn(async () => answer);
  vi.stubGlobal('Notification', { permission, requestPermission });
  return requestPermission;
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('NotificationView', { timeout: 30_000 }, () => {
  it('says the preferences take effect in the agent workbench', () => {
    stubNotification('granted');
    renderWithProviders(<NotificationView />);
    expect(screen.getByText(/take effect in the agent workbench/)).toBeInTheDocument();
    expect(screen.getByTestId('desktop-permission')).toHaveTextContent('Allowed');
    expect(screen.queryByRole('button', { name: 'Allow notifications' })).toBeNull();
  });

  it('asks the browser for permission and shows the answer', async () => {
    const requestPermission = stubNotification('default', 'granted');
    const user = userEvent.setup();
    renderWithProviders(<NotificationView />);
    expect(screen.getByTestId('desktop-permission')).toHaveTextContent('Not asked yet');
    await user.click(screen.getByRole('button', { name: 'Allow notifications' }));
    expect(requestPermission).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.getByTestId('desktop-permission')).toHaveTextContent('Allowed'));
  });

  it('explains a blocked permission and an unsupported browser', () => {
    stubNotification('denied');
    const { unmount } = renderWithProviders(<NotificationView />);
    expect(screen.getByTestId('desktop-permission')).toHaveTextContent('Blocked');
    expect(screen.getByText(/allow them in the browser’s site settings/)).toBeInTheDocument();
    unmount();
    vi.stubGlobal('Notification', undefined);
    renderWithProviders(<NotificationView />);
    expect(screen.getByTestId('desktop-permission')).toHaveTextContent('Not supported by this browser');
  });

  it('offers notifications on this device only where the browser can receive pushes', async () => {
    stubNotification('granted');
    renderWithProviders(<NotificationView />);
    // jsdom has no service workers or PushManager: the switch says why it cannot be turned on.
    expect(await screen.findByText(/cannot receive push notifications here/)).toBeInTheDocument();
    const push = screen.getByRole('switch', { name: 'Notifications on this device' });
    expect(push).toBeDisabled();
    expect(push).not.toBeChecked();
  });

  it('keeps the sound switches in local storage under the pro__ namespace', async () => {
    stubNotification('granted');
    const user = userEvent.setup();
    renderWithProviders(<NotificationView />);
    const newMessage = screen.getByRole('switch', { name: 'Sound for new messages' });
    expect(newMessage).toBeChecked();
    await user.click(newMessage);
    expect(newMessage).not.toBeChecked();
    expect(readAgentNotificationPrefs()).toEqual({
      soundOnNewThread: true,
      soundOnNewMessage: false,
      desktopOnTicketNotice: true,
    });
    expect(localStorage.getItem('pro__AGENT_NOTIFICATION_PREFS')).toContain('"soundOnNewMessage":false');
  });
});
