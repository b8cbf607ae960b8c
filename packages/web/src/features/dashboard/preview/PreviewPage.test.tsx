import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { setProfile } from '../../../shared/auth/profileStore';
import { changeLanguage } from '../../../shared/i18n';
import { makeMenu } from '../../../shared/routing/menuFixture';
import { createSession, setSession } from '../../../shared/routing/session';
import { pickOption, setupUser } from '../../../shared/testing/dom';
import { renderWithProviders } from '../../../shared/testing/renderWithProviders';
import {
  adminWithPermissions,
  errorResponse,
  stubFetch,
  type Recorded,
} from '../../../shared/testing/stubFetch';
import { PreviewPage } from './PreviewPage';

const groups = [
  { wid: 'w-sales', nickname: 'Sales' },
  { wid: 'w-help', nickname: 'Help desk' },
];

let seen: Recorded[] = [];
let answer: () => unknown = () => groups;

beforeEach(() => {
  answer = () => groups;
  seen = stubFetch({ 'GET /api/workgroup/all': () => answer() });
  setProfile(adminWithPermissions({}, { authorities: ['home', 'chat'] }));
});

afterEach(async () => {
  vi.unstubAllGlobals();
  setProfile(null);
  setSession(null);
  await changeLanguage('en-US');
});

const chatFrame = () => screen.getByTitle('Chat preview') as HTMLIFrameElement;
const frameUrl = () => new URL(chatFrame().src);
const stage = () => document.querySelector('.ok-stage') as HTMLElement;

describe('PreviewPage', { timeout: 60_000 }, () => {
  it("shows the chat in preview mode on a stand-in of the visitor's page, with the code for it", async () => {
    renderWithProviders(<PreviewPage />);
    await waitFor(() => expect(chatFrame()).toBeInTheDocument());
    // The chat page in preview mode: the widget then calls only the read-only preview endpoint.
    expect(frameUrl().pathname).toBe('/chat/');
    expect(Object.fromEntries(frameUrl().searchParams)).toEqual({
      org: 'acme',
      wid: 'w-sales',
      lang: 'en-US',
      preview: '1',
    });
    // Style 3 by default: the floating button with the panel over the page.
    expect(stage()).toHaveAttribute('data-style', '3');
    expect(chatFrame().closest('.ok-stage__panel')).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Chat with us' })).toHaveAttribute('aria-expanded', 'true');
    const code = screen.getByLabelText('Code for your pages') as HTMLTextAreaElement;
    expect(code.value).toContain('data-wid="w-sales"');
    expect(code.value).toContain('data-style="3"');
    expect(screen.getByRole('link', { name: /Open the preview in a new tab/ })).toHaveAttribute(
      'href',
      chatFrame().src,
    );
    // Nothing but the skill groups was asked for: no visitor or conversation is made.
    expect(seen.map((request) => request.path)).toEqual(['/api/workgroup/all']);
  });

  it('opens and closes the chat the way each style does', async () => {
    const user = setupUser();
    renderWithProviders(<PreviewPage />);
    await waitFor(() => expect(chatFrame()).toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Chat with us' }));
    expect(screen.queryByTitle('Chat preview')).toBeNull();

    await user.click(screen.getByText('PC centred window'));
    expect(stage()).toHaveAttribute('data-style', '2');
    const popup = screen.getByRole('dialog', { name: 'Chat window' });
    expect(within(popup).getByTitle('Chat preview')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close the chat window' }));
    expect(screen.queryByRole('dialog', { name: 'Chat window' })).toBeNull();

    await user.click(screen.getByText('PC full screen'));
    expect(screen.getByText('Chat (new tab)')).toBeInTheDocument();
    expect(chatFrame().closest('.ok-stage__panel')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Your site' }));
    expect(screen.queryByTitle('Chat preview')).toBeNull();

    await user.click(screen.getByText('H5 page'));
    expect(stage()).toHaveClass('ok-stage--phone');
    expect(chatFrame()).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Back/ }));
    expect(screen.getByRole('button', { name: 'Chat with us' })).toBeInTheDocument();
    expect((screen.getByLabelText('Code for your pages') as HTMLTextAreaElement).value).toContain(
      'data-style="4"',
    );

    await pickOption(user, document.body, 'Skill group', 'Help desk');
    await user.click(screen.getByText('简体中文'));
    expect(frameUrl().searchParams.get('wid')).toBe('w-help');
    expect(frameUrl().searchParams.get('lang')).toBe('zh-CN');
    // The visitor's page speaks the chat's language: its button is the loader's Chinese label.
    await user.click(screen.getByRole('button', { name: /Back/ }));
    expect(screen.getByRole('button', { name: '在线客服' })).toBeInTheDocument();
  });

  it('starts from the choice in the address, and says when its group is gone', async () => {
    const { unmount } = renderWithProviders(<PreviewPage />, { path: '/?wid=w-help&style=2&lang=zh-CN' });
    await waitFor(() => expect(chatFrame()).toBeInTheDocument());
    expect(stage()).toHaveAttribute('data-style', '2');
    expect(frameUrl().searchParams.get('wid')).toBe('w-help');
    expect(frameUrl().searchParams.get('lang')).toBe('zh-CN');
    unmount();

    renderWithProviders(<PreviewPage />, { path: '/?wid=w-deleted' });
    expect(
      await screen.findByText('That skill group no longer exists. Pick another one.'),
    ).toBeInTheDocument();
    expect(screen.queryByTitle('Chat preview')).toBeNull();
  });

  it('asks for a skill group first, and shows a failure with a retry, in Chinese', async () => {
    await changeLanguage('zh-CN');
    setSession(
      createSession(
        makeMenu([{ key: 'kefu', defaultItem: 'group', items: [{ key: 'group' }] }]),
        null,
        false,
      ),
    );
    answer = () => [];
    const { unmount } = renderWithProviders(<PreviewPage />);
    expect(await screen.findByText('请先创建技能组：聊天窗口总是对应一个技能组。')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '前往技能组' })).toHaveAttribute('href', '/stable/kefu/group');
    unmount();

    let isDown = true;
    answer = () => (isDown ? errorResponse(500, '服务器开小差了') : groups);
    const user = setupUser();
    renderWithProviders(<PreviewPage />);
    expect(await screen.findByText('技能组加载失败')).toBeInTheDocument();
    isDown = false;
    await user.click(screen.getByRole('button', { name: /重\s?试/ }));
    expect(await screen.findByTitle('聊天预览')).toBeInTheDocument();
  });
});
