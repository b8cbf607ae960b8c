import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { RobotTrainingGroup } from '@openkefu/contract';
import { setProfile } from '../../../../shared/auth/profileStore';
import { changeLanguage } from '../../../../shared/i18n';
import {
  button,
  fill,
  findDialog,
  findPopconfirm,
  pickOption,
  setupUser,
} from '../../../../shared/testing/dom';
import { renderWithProviders } from '../../../../shared/testing/renderWithProviders';
import {
  adminWithPermissions,
  errorResponse,
  page,
  queriesTo,
  stubFetch,
  type Recorded,
  type Routes,
} from '../../../../shared/testing/stubFetch';
import { makeFaq, sampleWorkgroups, T0 } from '../../shared/testing';
import { RobotTrainingPage } from './RobotTrainingPage';

const HOSTILE = '<img src=x onerror=alert(1)>';

const shipping: RobotTrainingGroup = {
  question: 'where is my parcel',
  questions: ['where is my parcel', 'parcel not arrived', HOSTILE],
  keys: ['where is my parcel', 'parcel not arrived', 'img'],
  missed: 5,
  unhelpful: 2,
  lastAskedAt: T0,
  suggestion: { aid: 'f-track', question: 'How can I track my order?', score: 0.42 },
};

const invoice: RobotTrainingGroup = {
  question: 'invoice please',
  questions: ['invoice please'],
  keys: ['invoice please'],
  missed: 1,
  unhelpful: 0,
  lastAskedAt: T0,
  suggestion: null,
};

let seen: Recorded[] = [];

const posts = (path: string) =>
  seen.filter((request) => request.method === 'POST' && request.path === path).map((request) => request.body);

const routes = (extra: Routes = {}): Routes => ({
  'GET /api/robot/training': () => [shipping, invoice],
  'GET /api/workgroup/all': () => sampleWorkgroups(),
  'GET /api/faq/query': (request) =>
    page(
      request.params.get('keyword') === 'refund'
        ? [makeFaq()]
        : [makeFaq({ aid: 'f-track', question: 'How can I track my order?' }), makeFaq()],
    ),
  'POST /api/robot/training/resolve': () => ({ resolved: 1 }),
  'POST /api/faq/create': () => makeFaq({ aid: 'f-new', question: 'Where is my parcel?' }),
  ...extra,
});

const groupOf = (question: string): HTMLElement =>
  screen
    .getAllByTestId('training-group')
    .find((card) => within(card).queryAllByText(question).length > 0) as HTMLElement;

const renderPage = async () => {
  renderWithProviders(<RobotTrainingPage />);
  await screen.findByText('where is my parcel');
};

beforeEach(() => {
  seen = stubFetch(routes());
  setProfile(adminWithPermissions({ 'robot.training': ['query', 'edit'], 'robot.faq': ['query', 'add'] }));
});

afterEach(async () => {
  vi.unstubAllGlobals();
  setProfile(null);
  await changeLanguage('en-US');
});

describe('RobotTrainingPage', { timeout: 60_000 }, () => {
  it('lists the groups with their phrasings, counts and closest FAQ, hostile text as text; filters', async () => {
    const user = setupUser();
    await renderPage();
    expect(queriesTo(seen, '/api/robot/training')).toEqual(['days=90']);
    expect(
      screen.getByText('2 groups of questions the robot missed or answered unhelpfully in the last 90 days.'),
    ).toBeInTheDocument();
    const group = groupOf('where is my parcel');
    expect(within(group).getByText('Missed 5×')).toBeInTheDocument();
    expect(within(group).getByText('Unhelpful 2×')).toBeInTheDocument();
    expect(within(group).getByText('parcel not arrived')).toBeInTheDocument();
    expect(within(group).getByText(HOSTILE)).toBeInTheDocument();
    expect(within(group).getByText('Closest FAQ: “How can I track my order?” (42%)')).toBeInTheDocument();
    expect(document.querySelector('img[src="x"]')).toBeNull();
    expect(within(groupOf('invoice please')).getByText('No FAQ comes close.')).toBeInTheDocument();

    await pickOption(user, document.body, 'Period', 'Last 30 days');
    await waitFor(() => expect(queriesTo(seen, '/api/robot/training').at(-1)).toBe('days=30'));
    await pickOption(user, document.body, 'Skill group', 'Support');
    await waitFor(() => expect(queriesTo(seen, '/api/robot/training').at(-1)).toBe('days=30&wid=w-support'));
  });

  it('adds a group to the suggested FAQ, or another one found by search, and the group leaves the list', async () => {
    const user = setupUser();
    await renderPage();
    await user.click(button(groupOf('where is my parcel'), 'Add to FAQ'));
    let dialog = await findDialog();
    expect(within(dialog).getByText('How can I track my order?')).toBeInTheDocument();
    expect(within(dialog).getByText('Suggested: “How can I track my order?” (42%)')).toBeInTheDocument();
    await user.click(button(dialog, 'Add'));
    await waitFor(() =>
      expect(posts('/api/robot/training/resolve')).toEqual([
        {
          keys: shipping.keys,
          action: 'similar',
          faqAid: 'f-track',
          questions: ['where is my parcel', 'parcel not arrived', HOSTILE],
        },
      ]),
    );
    expect(await screen.findByText('“where is my parcel” added to the FAQ.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('training-group')).toHaveLength(1));

    // Without a suggestion, the FAQ is searched for.
    await user.click(button(groupOf('invoice please'), 'Add to FAQ'));
    dialog = await findDialog();
    expect(button(dialog, 'Add')).toBeDisabled();
    const select = within(dialog).getByLabelText('FAQ');
    await fill(user, select, 'refund');
    await waitFor(() =>
      expect(
        seen.some(
          (request) => request.path === '/api/faq/query' && request.params.get('keyword') === 'refund',
        ),
      ).toBe(true),
    );
    const option = await waitFor(() => {
      const found = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find(
        (element) => element.textContent === 'How do I get a refund?',
      );
      if (!found) throw new Error('no option');
      return found;
    });
    await user.click(option);
    await user.click(button(dialog, 'Add'));
    await waitFor(() =>
      expect(posts('/api/robot/training/resolve').at(-1)).toEqual({
        keys: ['invoice please'],
        action: 'similar',
        faqAid: 'f-1',
        questions: ['invoice please'],
      }),
    );
    expect(
      await screen.findByText('Nothing to train: the robot has no missed or unhelpful questions waiting.'),
    ).toBeInTheDocument();
  });

  it('creates a FAQ from a group (other phrasings as similar questions), then resolves with its aid', async () => {
    const user = setupUser();
    await renderPage();
    await user.click(button(groupOf('where is my parcel'), 'Create FAQ'));
    const dialog = await findDialog();
    expect(within(dialog).getByLabelText('Question')).toHaveValue('where is my parcel');
    await user.click(button(dialog, 'Create'));
    expect(await within(dialog).findByText('Enter the answer.')).toBeInTheDocument();
    await fill(user, within(dialog).getByLabelText('Answer'), 'Track it <here>\nunder My orders.');
    await user.click(button(dialog, 'Create'));
    await waitFor(() =>
      expect(posts('/api/faq/create')).toEqual([
        {
          question: 'where is my parcel',
          similarQuestions: ['parcel not arrived', HOSTILE],
          answer: '<p>Track it &lt;here&gt;</p><p>under My orders.</p>',
        },
      ]),
    );
    await waitFor(() =>
      expect(posts('/api/robot/training/resolve')).toEqual([
        { keys: shipping.keys, action: 'faq', faqAid: 'f-new' },
      ]),
    );
    expect(await screen.findByText('FAQ created for “where is my parcel”.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('training-group')).toHaveLength(1));
  });

  it('shows why creating failed, and retries only the resolve once the FAQ exists', async () => {
    const user = setupUser();
    let resolveFails = true;
    seen = stubFetch(
      routes({
        'POST /api/robot/training/resolve': () =>
          resolveFails ? errorResponse(404, 'FAQ not found') : { resolved: 1 },
      }),
    );
    await renderPage();
    await user.click(button(groupOf('invoice please'), 'Create FAQ'));
    const dialog = await findDialog();
    await fill(user, within(dialog).getByLabelText('Answer'), 'We email it.');
    await user.click(button(dialog, 'Create'));
    expect(await screen.findByText('FAQ not found')).toBeInTheDocument();
    resolveFails = false;
    await user.click(button(dialog, 'Create'));
    await waitFor(() => expect(posts('/api/robot/training/resolve')).toHaveLength(2));
    expect(posts('/api/faq/create')).toHaveLength(1);
    expect(await screen.findByText('FAQ created for “invoice please”.')).toBeInTheDocument();
  });

  it('ignores a group after confirmation', async () => {
    const user = setupUser();
    await renderPage();
    await user.click(button(groupOf('invoice please'), 'Ignore'));
    const confirm = await findPopconfirm('Ignore “invoice please”?');
    await user.click(button(confirm, 'Ignore'));
    await waitFor(() =>
      expect(posts('/api/robot/training/resolve')).toEqual([{ keys: ['invoice please'], action: 'ignore' }]),
    );
    await waitFor(() => expect(screen.queryByText('invoice please')).toBeNull());
  });

  it('hides the actions without the edit permission', async () => {
    setProfile(adminWithPermissions({ 'robot.training': ['query'] }));
    await renderPage();
    expect(screen.queryByText('Add to FAQ')).toBeNull();
    expect(screen.queryByText('Ignore')).toBeNull();
  });

  it('says why the queue failed to load, in Chinese', async () => {
    await changeLanguage('zh-CN');
    seen = stubFetch(routes({ 'GET /api/robot/training': () => errorResponse(400, '参数错误') }));
    renderWithProviders(<RobotTrainingPage />);
    expect(await screen.findByText('无法加载待训练问题')).toBeInTheDocument();
    expect(screen.getByText('参数错误')).toBeInTheDocument();
    expect(button(document.body, /重\s?试/)).toBeInTheDocument();
  });
});
