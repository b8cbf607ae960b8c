import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
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
  queriesTo,
  stubFetch,
  type Recorded,
  type Routes,
} from '../../../shared/testing/stubFetch';
import { makeQuickButton, sampleWorkgroups } from '../shared/testing';
import { QuickButtonPage } from './QuickButtonPage';

let seen: Recorded[] = [];

const posts = (path: string) =>
  seen.filter((request) => request.method === 'POST' && request.path === path).map((request) => request.body);

const salesButtons = [
  makeQuickButton(),
  makeQuickButton({ qbid: 'q-2', label: 'Talk to us', action: 'transfer', content: '', order: 1 }),
];
const supportButtons = [
  makeQuickButton({
    qbid: 'q-3',
    wid: 'w-support',
    label: 'Docs',
    action: 'link',
    content: 'https://docs.example.com',
  }),
];

const routes = (extra: Routes = {}): Routes => ({
  'GET /api/workgroup/all': () => sampleWorkgroups(),
  'GET /api/robot/quickbutton/query': (request) =>
    request.params.get('wid') === 'w-support' ? supportButtons : salesButtons,
  'POST /api/robot/quickbutton/create': (request) =>
    makeQuickButton({ ...(request.body as object), qbid: 'q-new' }),
  'POST /api/robot/quickbutton/update': (request) => makeQuickButton({ ...(request.body as object) }),
  'POST /api/robot/quickbutton/delete': () => null,
  ...extra,
});

const picker = () => document.querySelector('.ok-robot-quickbutton__picker') as HTMLElement;

beforeEach(() => {
  seen = stubFetch(routes());
  setProfile(
    adminWithPermissions({
      'robot.quickbutton': ['query', 'add', 'edit', 'delete'],
      'kefu.group': ['query'],
    }),
  );
});

afterEach(async () => {
  vi.unstubAllGlobals();
  setProfile(null);
  await changeLanguage('en-US');
});

describe('QuickButtonPage', { timeout: 60_000 }, () => {
  it('shows the first group’s buttons in order and switches groups', async () => {
    const user = setupUser();
    renderWithProviders(<QuickButtonPage />);
    await screen.findByText('Prices');
    expect(queriesTo(seen, '/api/robot/quickbutton/query')).toEqual(['wid=w-sales']);
    expect(within(rowOf('Prices')).getByText('Send text')).toBeInTheDocument();
    expect(within(rowOf('Prices')).getByText('What are your prices?')).toBeInTheDocument();
    expect(within(rowOf('Talk to us')).getByText('Transfer to agent')).toBeInTheDocument();
    expect(within(rowOf('Talk to us')).getByText('Asks for an agent')).toBeInTheDocument();

    await pickOption(user, picker(), 'Skill group', 'Support');
    await screen.findByText('Docs');
    expect(queriesTo(seen, '/api/robot/quickbutton/query').at(-1)).toBe('wid=w-support');
    expect(within(rowOf('Docs')).getByText('Open link')).toBeInTheDocument();
  });

  it('adds a link button after checking the address, then a transfer button without content', async () => {
    const user = setupUser();
    renderWithProviders(<QuickButtonPage />);
    await screen.findByText('Prices');
    await user.click(button(picker(), 'New button'));
    let dialog = await findDialog();
    await user.click(button(dialog, 'Save'));
    expect(await within(dialog).findByText('Enter the label')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter the text to send')).toBeInTheDocument();

    await fill(user, within(dialog).getByLabelText('Label'), 'Pricing page');
    await user.click(within(dialog).getByText('Open link'));
    await fill(user, await within(dialog).findByLabelText('Address'), 'example.com/prices');
    await user.click(button(dialog, 'Save'));
    expect(
      await within(dialog).findByText('Enter an address starting with http:// or https://'),
    ).toBeInTheDocument();
    const address = within(dialog).getByLabelText('Address');
    await user.clear(address);
    await fill(user, address, 'https://example.com/prices');
    await user.click(button(dialog, 'Save'));
    await waitFor(() =>
      expect(posts('/api/robot/quickbutton/create')).toEqual([
        {
          wid: 'w-sales',
          label: 'Pricing page',
          action: 'link',
          content: 'https://example.com/prices',
          order: 2,
        },
      ]),
    );
    expect(await screen.findByText('“Pricing page” added')).toBeInTheDocument();

    await user.click(button(picker(), 'New button'));
    dialog = await findDialog();
    await fill(user, within(dialog).getByLabelText('Label'), 'Human please');
    await user.click(within(dialog).getByText('Transfer to agent'));
    expect(within(dialog).getByText('The button hands the visitor to an agent.')).toBeInTheDocument();
    await user.click(button(dialog, 'Save'));
    await waitFor(() =>
      expect(posts('/api/robot/quickbutton/create').at(-1)).toEqual({
        wid: 'w-sales',
        label: 'Human please',
        action: 'transfer',
        content: '',
        order: 2,
      }),
    );
  });

  it('edits and deletes a button, and shows the server’s error', async () => {
    seen = stubFetch(
      routes({
        'POST /api/robot/quickbutton/update': () =>
          errorResponse(400, 'Bad request', [{ field: 'content', message: 'is required' }]),
      }),
    );
    const user = setupUser();
    renderWithProviders(<QuickButtonPage />);
    await screen.findByText('Prices');
    await user.click(within(rowOf('Prices')).getByText('Edit'));
    const dialog = await findDialog();
    expect(within(dialog).getByDisplayValue('What are your prices?')).toBeInTheDocument();
    await user.click(button(dialog, 'Save'));
    await waitFor(() =>
      expect(posts('/api/robot/quickbutton/update')).toEqual([
        {
          qbid: 'q-1',
          wid: 'w-sales',
          label: 'Prices',
          action: 'send',
          content: 'What are your prices?',
          order: 0,
        },
      ]),
    );
    expect(await within(dialog).findByText('is required')).toBeInTheDocument();
    await user.click(button(dialog, 'Cancel'));

    await user.click(within(rowOf('Talk to us')).getByText('Delete'));
    const confirm = await findPopconfirm('Delete the button “Talk to us”?');
    await user.click(button(confirm, 'Delete'));
    await waitFor(() => expect(posts('/api/robot/quickbutton/delete')).toEqual([{ qbid: 'q-2' }]));
  });

  it('says when there is no skill group, and hides what the role may not do', async () => {
    seen = stubFetch(routes({ 'GET /api/workgroup/all': () => [] }));
    const first = renderWithProviders(<QuickButtonPage />);
    expect(
      await screen.findByText('Add a skill group first: quick buttons belong to a skill group.'),
    ).toBeInTheDocument();
    first.unmount();

    // Without access to the skill groups the page says why.
    seen = stubFetch(
      routes({ 'GET /api/workgroup/all': () => errorResponse(403, 'You may not see skill groups') }),
    );
    const second = renderWithProviders(<QuickButtonPage />);
    expect(await screen.findByText('You may not see skill groups')).toBeInTheDocument();
    expect(screen.getByText('The skill groups could not be loaded')).toBeInTheDocument();
    second.unmount();

    seen = stubFetch(routes());
    setProfile(adminWithPermissions({ 'robot.quickbutton': ['query'], 'kefu.group': ['query'] }));
    renderWithProviders(<QuickButtonPage />);
    await screen.findByText('Prices');
    expect(within(picker()).queryByText('New button')).toBeNull();
    expect(within(rowOf('Prices')).queryByText('Edit')).toBeNull();
    expect(within(rowOf('Prices')).queryByText('Delete')).toBeNull();
  });

  it('speaks Chinese', async () => {
    await changeLanguage('zh-CN');
    renderWithProviders(<QuickButtonPage />);
    await screen.findByText('Prices');
    expect(within(rowOf('Prices')).getByText('发送文字')).toBeInTheDocument();
    expect(within(rowOf('Talk to us')).getByText('转人工')).toBeInTheDocument();
    expect(button(picker(), '新建按钮')).toBeInTheDocument();
  });
});
