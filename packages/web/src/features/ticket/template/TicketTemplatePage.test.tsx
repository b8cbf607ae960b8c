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
  stubFetch,
  type Recorded,
} from '../../../shared/testing/stubFetch';
import { makeTemplate } from '../shared/testing';
import { TicketTemplatePage } from './TicketTemplatePage';

let seen: Recorded[] = [];
let save: (request: Recorded) => unknown;

const posts = (path: string) =>
  seen.filter((request) => request.method === 'POST' && request.path === path).map((request) => request.body);

beforeEach(() => {
  save = () => makeTemplate({ ttid: 'tt-2' });
  seen = stubFetch({
    'GET /api/ticket/template/query': () => [makeTemplate()],
    'GET /api/workgroup/all': () => [],
    'POST /api/ticket/template/save': (request: Recorded) => save(request),
    'POST /api/ticket/template/delete': () => null,
  });
  setProfile(adminWithPermissions({ 'ticket.template': ['query', 'edit', 'delete'] }));
});

afterEach(async () => {
  vi.unstubAllGlobals();
  setProfile(null);
  await changeLanguage('en-US');
});

describe('TicketTemplatePage', { timeout: 60_000 }, () => {
  it('lists templates and creates one with a choice field', async () => {
    const user = setupUser();
    renderWithProviders(<TicketTemplatePage />);
    const row = rowOf(await screen.findByText('Refund request').then((element) => element.textContent ?? ''));
    expect(within(row).getByText('High')).toBeInTheDocument();
    expect(within(row).getByText('1 fields')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /New template/ }));
    const drawer = await findDialog();
    await user.click(button(drawer, 'Save'));
    expect(await within(drawer).findByText('Enter a name.')).toBeInTheDocument();
    await fill(user, within(drawer).getByLabelText('Name'), 'Hardware');
    await pickOption(user, drawer, 'Priority', 'Urgent');
    await user.click(button(drawer, 'Add field'));
    await fill(user, within(drawer).getByLabelText('Key'), '1bad');
    await fill(user, within(drawer).getByLabelText('Label'), 'Device');
    await user.click(button(drawer, 'Save'));
    expect(
      await within(drawer).findByText('Start with a letter; use letters, digits, _ and -.'),
    ).toBeInTheDocument();
    const key = within(drawer).getByLabelText('Key');
    await user.clear(key);
    await fill(user, key, 'device');
    await pickOption(user, drawer, 'Field type', 'Choice');
    await user.click(button(drawer, 'Save'));
    expect(await within(drawer).findByText('Add at least one option.')).toBeInTheDocument();
    await user.type(within(drawer).getByLabelText('Options'), 'Laptop{enter}');
    await user.click(button(drawer, 'Save'));
    await waitFor(() =>
      expect(posts('/api/ticket/template/save')).toEqual([
        {
          name: 'Hardware',
          preset: {
            title: '',
            description: '',
            priority: 'urgent',
            type: 'external',
            category: null,
            wid: null,
          },
          fields: [{ key: 'device', label: 'Device', type: 'select', required: false, options: ['Laptop'] }],
        },
      ]),
    );
    expect(await screen.findByText('Template saved.')).toBeInTheDocument();
  });

  it('shows a 409 of a duplicate name', async () => {
    const user = setupUser();
    save = () => errorResponse(409, 'A template named Refund request exists.');
    renderWithProviders(<TicketTemplatePage />);
    await screen.findByText('Refund request');
    await user.click(within(rowOf('Refund request')).getByText('Edit'));
    const drawer = await findDialog();
    await user.click(button(drawer, 'Save'));
    expect(await within(drawer).findByText('A template named Refund request exists.')).toBeInTheDocument();
    expect((posts('/api/ticket/template/save')[0] as { ttid: string }).ttid).toBe('tt-1');
  });

  it('deletes after confirming', async () => {
    const user = setupUser();
    renderWithProviders(<TicketTemplatePage />);
    await screen.findByText('Refund request');
    await user.click(within(rowOf('Refund request')).getByText('Delete'));
    const confirm = await findPopconfirm(/Delete template Refund request\?/);
    await user.click(button(confirm, 'Delete'));
    await waitFor(() => expect(posts('/api/ticket/template/delete')).toEqual([{ ttid: 'tt-1' }]));
  });

  it('hides editing without the permissions, in Chinese', async () => {
    await changeLanguage('zh-CN');
    setProfile(adminWithPermissions({ 'ticket.template': ['query'] }));
    renderWithProviders(<TicketTemplatePage />);
    await screen.findByText('Refund request');
    expect(screen.getByText('工单模板')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /新建模板/ })).toBeNull();
    expect(within(rowOf('Refund request')).queryByText('编辑')).toBeNull();
    expect(within(rowOf('Refund request')).queryByText('删除')).toBeNull();
  });
});
