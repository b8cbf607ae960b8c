import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { LlmProvider, LlmSettings } from '@openkefu/contract';
import { setProfile } from '../../../shared/auth/profileStore';
import { changeLanguage } from '../../../shared/i18n';
import {
  button,
  fill,
  findDialog,
  findPopconfirm,
  pickOption,
  rowOf,
  setupUser,
} from '../../../shared/testing/dom';
import { renderWithProviders } from '../../../shared/testing/renderWithProviders';
import {
  adminWithPermissions,
  errorResponse,
  page,
  stubFetch,
  type Recorded,
  type Routes,
} from '../../../shared/testing/stubFetch';
import { makeRobot, T0 } from '../shared/testing';
import { ZhipuaiPage } from './ZhipuaiPage';

const glm: LlmProvider = {
  pid: 'p-glm',
  name: 'Zhipu GLM',
  baseUrl: 'https://open.bigmodel.cn/api/paas/v4',
  model: 'glm-4-flash',
  apiKeyHint: '…a1b2',
  robots: ['r-llm'],
  createdAt: T0,
  updatedAt: T0,
};

const local: LlmProvider = {
  ...glm,
  pid: 'p-local',
  name: 'Local vLLM',
  baseUrl: 'http://10.0.0.5:8000/v1',
  model: 'qwen2',
  apiKeyHint: '…zz99',
  robots: [],
};

const settings: LlmSettings = { dailyTokenLimit: 100_000, usedToday: 25_000, answersToday: 42 };

let seen: Recorded[] = [];

const posts = (path: string) =>
  seen.filter((request) => request.method === 'POST' && request.path === path).map((request) => request.body);

const routes = (extra: Routes = {}): Routes => ({
  'GET /api/llm/provider/query': () => [glm, local],
  'GET /api/llm/settings': () => settings,
  'GET /api/user/robot': () =>
    page([
      makeRobot({ uid: 'r-llm', nickname: 'GLM bot', robotType: 'zhipuai_platform' }),
      makeRobot({ uid: 'r-private', nickname: 'Private bot', robotType: 'zhipuai_private' }),
      makeRobot({ uid: 'r-faq', nickname: 'FAQ bot', robotType: 'before' }),
    ]),
  'POST /api/llm/provider/create': (request) => ({ ...local, ...(request.body as object), pid: 'p-new' }),
  'POST /api/llm/provider/update': (request) => ({ ...glm, ...(request.body as object) }),
  'POST /api/llm/provider/delete': () => null,
  'POST /api/llm/provider/test': (request) =>
    (request.body as { pid: string }).pid === 'p-glm'
      ? { ok: true, latencyMs: 812, message: 'Hello! How can I help?' }
      : { ok: false, latencyMs: 30, message: 'HTTP 401: invalid api key' },
  'POST /api/llm/robot': () => null,
  'POST /api/llm/settings': (request) => ({ ...settings, ...(request.body as object) }),
  ...extra,
});

const providersCard = () => screen.getByText('Providers').closest('.ant-card') as HTMLElement;
const robotsCard = () => screen.getByText('Large-model robots').closest('.ant-card') as HTMLElement;

/** A provider's row (its name also shows in the robots' pickers). */
const providerRow = (name: string): HTMLElement =>
  within(providersCard()).getByText(name).closest('tr') as HTMLElement;

const renderPage = async () => {
  renderWithProviders(<ZhipuaiPage />);
  await screen.findByText('…a1b2');
};

beforeEach(() => {
  seen = stubFetch(routes());
  setProfile(
    adminWithPermissions({
      'robot.zhipuai': ['query', 'add', 'edit', 'delete'],
      'kefu.account': ['query'],
    }),
  );
});

afterEach(async () => {
  vi.unstubAllGlobals();
  setProfile(null);
  await changeLanguage('en-US');
});

describe('ZhipuaiPage', { timeout: 60_000 }, () => {
  it('lists the providers with their key hint only, and tests each one', async () => {
    const user = setupUser();
    await renderPage();
    const row = providerRow('Zhipu GLM');
    expect(within(row).getByText('https://open.bigmodel.cn/api/paas/v4')).toBeInTheDocument();
    expect(within(row).getByText('glm-4-flash')).toBeInTheDocument();
    expect(within(row).getByText('…a1b2')).toBeInTheDocument();
    expect(within(row).getByText('Not tested yet')).toBeInTheDocument();

    await user.click(button(row, 'Test'));
    await waitFor(() => expect(posts('/api/llm/provider/test')).toEqual([{ pid: 'p-glm' }]));
    expect(await within(providerRow('Zhipu GLM')).findByText('Works')).toBeInTheDocument();
    expect(within(providerRow('Zhipu GLM')).getByText('812 ms')).toBeInTheDocument();
    expect(within(providerRow('Zhipu GLM')).getByText('Hello! How can I help?')).toBeInTheDocument();

    await user.click(button(providerRow('Local vLLM'), 'Test'));
    expect(await within(providerRow('Local vLLM')).findByText('Failed')).toBeInTheDocument();
    expect(within(providerRow('Local vLLM')).getByText('HTTP 401: invalid api key')).toBeInTheDocument();
  });

  it('adds a provider with its key, and edits one keeping the stored key when left empty', async () => {
    const user = setupUser();
    await renderPage();
    await user.click(button(providersCard(), 'Add provider'));
    let dialog = await findDialog();
    await user.click(button(dialog, 'Save'));
    await waitFor(() => expect(within(dialog).getAllByText('Required.')).toHaveLength(4));
    await fill(user, within(dialog).getByLabelText('Name'), 'DeepSeek');
    await fill(user, within(dialog).getByLabelText('Base URL'), 'ftp://nope');
    await fill(user, within(dialog).getByLabelText('Model'), 'deepseek-chat');
    await fill(user, within(dialog).getByLabelText('API key'), 'sk-secret-1234');
    await user.click(button(dialog, 'Save'));
    expect(await within(dialog).findByText('Enter an http(s) address.')).toBeInTheDocument();
    const url = within(dialog).getByLabelText('Base URL');
    await user.clear(url);
    await fill(user, url, 'https://api.deepseek.com/v1');
    await user.click(button(dialog, 'Save'));
    await waitFor(() =>
      expect(posts('/api/llm/provider/create')).toEqual([
        {
          name: 'DeepSeek',
          baseUrl: 'https://api.deepseek.com/v1',
          model: 'deepseek-chat',
          apiKey: 'sk-secret-1234',
        },
      ]),
    );
    expect(await screen.findByText('Provider DeepSeek saved.')).toBeInTheDocument();
    // The closing dialog may still be in the page for its animation: edit once it is gone.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(button(providerRow('Zhipu GLM'), 'Edit'));
    dialog = await findDialog();
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Zhipu GLM');
    expect(within(dialog).getByLabelText('API key')).toHaveValue('');
    expect(within(dialog).getByText('Stored key: …a1b2. Leave empty to keep it.')).toBeInTheDocument();
    await fill(user, within(dialog).getByLabelText('Model'), '-plus');
    await user.click(button(dialog, 'Save'));
    await waitFor(() =>
      expect(posts('/api/llm/provider/update')).toEqual([
        {
          pid: 'p-glm',
          name: 'Zhipu GLM',
          baseUrl: 'https://open.bigmodel.cn/api/paas/v4',
          model: 'glm-4-flash-plus',
        },
      ]),
    );
  });

  it('shows the server’s field errors under the form', async () => {
    const user = setupUser();
    seen = stubFetch(
      routes({
        'POST /api/llm/provider/update': () =>
          errorResponse(400, 'Bad request', [{ field: 'baseUrl', message: 'must be an http(s) address' }]),
      }),
    );
    await renderPage();
    await user.click(button(providerRow('Zhipu GLM'), 'Edit'));
    const dialog = await findDialog();
    await fill(user, within(dialog).getByLabelText('API key'), 'sk-new');
    await user.click(button(dialog, 'Save'));
    expect(await within(dialog).findByText('must be an http(s) address')).toBeInTheDocument();
    expect(posts('/api/llm/provider/update')[0]).toMatchObject({ pid: 'p-glm', apiKey: 'sk-new' });
  });

  it('deletes a provider after confirmation', async () => {
    const user = setupUser();
    await renderPage();
    await user.click(button(providerRow('Local vLLM'), 'Delete'));
    const confirm = await findPopconfirm('Delete provider Local vLLM?');
    await user.click(button(confirm, 'Delete'));
    await waitFor(() => expect(posts('/api/llm/provider/delete')).toEqual([{ pid: 'p-local' }]));
    expect(await screen.findByText('Provider Local vLLM deleted.')).toBeInTheDocument();
  });

  it('assigns providers to the zhipuai robots only', async () => {
    const user = setupUser();
    await renderPage();
    await within(robotsCard()).findByText('GLM bot');
    expect(seen.find((request) => request.path === '/api/user/robot')?.params.get('size')).toBe('100');
    expect(within(robotsCard()).queryByText('FAQ bot')).toBeNull();
    expect(within(rowOf('GLM bot')).getByText('Zhipu GLM')).toBeInTheDocument();
    expect(within(rowOf('Private bot')).getByText('None (FAQs only)')).toBeInTheDocument();
    expect(within(rowOf('Private bot')).getByText('Zhipu AI (private deployment)')).toBeInTheDocument();

    await pickOption(user, robotsCard(), 'Provider of Private bot', 'Local vLLM');
    await waitFor(() => expect(posts('/api/llm/robot')).toEqual([{ uid: 'r-private', pid: 'p-local' }]));
    expect(await screen.findByText('Private bot now answers with Local vLLM.')).toBeInTheDocument();
    await pickOption(user, robotsCard(), 'Provider of GLM bot', 'None (FAQs only)');
    await waitFor(() => expect(posts('/api/llm/robot').at(-1)).toEqual({ uid: 'r-llm', pid: null }));
  });

  it('shows today’s use and saves the daily token limit', async () => {
    const user = setupUser();
    await renderPage();
    expect(screen.getByText('25,000')).toBeInTheDocument();
    expect(screen.getByText('42')).toBeInTheDocument();
    expect(screen.getByLabelText('25000 of 100000 tokens used today')).toBeInTheDocument();
    const limit = screen.getByLabelText('Tokens per day');
    expect(limit).toHaveValue('100000');
    await user.clear(limit);
    await fill(user, limit, '0');
    const card = screen.getByText('Daily token limit').closest('.ant-card') as HTMLElement;
    await user.click(button(card, 'Save'));
    await waitFor(() => expect(posts('/api/llm/settings')).toEqual([{ dailyTokenLimit: 0 }]));
    expect(await screen.findByText('Daily token limit saved.')).toBeInTheDocument();
  });

  it('offers no changes to an account that may only look', async () => {
    setProfile(adminWithPermissions({ 'robot.zhipuai': ['query'], 'kefu.account': ['query'] }));
    await renderPage();
    expect(screen.queryByText('Add provider')).toBeNull();
    expect(within(providerRow('Zhipu GLM')).queryByText('Edit')).toBeNull();
    expect(within(providerRow('Zhipu GLM')).queryByText('Delete')).toBeNull();
    expect(within(providerRow('Zhipu GLM')).getByText('Test')).toBeInTheDocument();
    expect(screen.getByLabelText('Tokens per day')).toBeDisabled();
  });

  it('says what went wrong, in Chinese', async () => {
    await changeLanguage('zh-CN');
    seen = stubFetch(
      routes({
        'GET /api/llm/provider/query': () => errorResponse(400, '服务暂不可用'),
        'GET /api/user/robot': () => page([]),
      }),
    );
    renderWithProviders(<ZhipuaiPage />);
    expect(await screen.findByText('无法加载服务商')).toBeInTheDocument();
    expect(screen.getByText('服务暂不可用')).toBeInTheDocument();
    expect(await screen.findByText('每日 Token 上限')).toBeInTheDocument();
    expect(
      await screen.findByText('没有类型为智谱 AI（平台或私有部署）的机器人，请在机器人页面创建。'),
    ).toBeInTheDocument();
  });
});
