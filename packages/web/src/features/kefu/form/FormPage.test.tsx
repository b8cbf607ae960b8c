import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { Form } from '@openkefu/contract';
import { setProfile } from '../../../shared/auth/profileStore';
import { changeLanguage } from '../../../shared/i18n';
import { renderWithProviders } from '../../../shared/testing/renderWithProviders';
import { errorResponse } from '../shared/testFixtures';
import { button, fill, findPopconfirm, setupUser } from '../shared/testUtils';
import { T0, adminWithPermissions, stubFetch, workgroupOptions, type Recorded } from '../thread/testData';
import { FormPage } from './FormPage';

const saved: Form = {
  fid: 'f-1',
  workgroup: null,
  title: 'Before we start',
  fields: [
    { key: 'name', label: '', type: 'text', required: true, options: [] },
    { key: 'mobile', label: 'Phone', type: 'mobile', required: false, options: [] },
    { key: 'f_plan', label: 'Plan', type: 'select', required: true, options: ['Free', 'Pro'] },
  ],
  createdAt: T0,
  updatedAt: T0,
};

let current: Form | Response;
let saveAnswer: (request: Recorded) => unknown;
let seen: Recorded[] = [];
const posted = (path: string) => seen.filter((request) => request.method === 'POST' && request.path === path);

beforeEach(() => {
  current = saved;
  saveAnswer = (request) => ({ ...saved, ...(request.body as object) });
  seen = stubFetch({
    'GET /api/form/get': () => current,
    'GET /api/workgroup/all': () => workgroupOptions,
    'POST /api/form/save': (request) => saveAnswer(request),
    'POST /api/form/delete': () => null,
  });
  setProfile(adminWithPermissions({ kefu: ['query'], 'kefu.form': ['query', 'get', 'edit', 'delete'] }));
});

afterEach(async () => {
  vi.unstubAllGlobals();
  setProfile(null);
  await changeLanguage('en-US');
});

describe('FormPage', { timeout: 60_000 }, () => {
  it('shows the saved fields and saves the edited form', async () => {
    const user = setupUser();
    renderWithProviders(<FormPage />);
    const title = await screen.findByDisplayValue('Before we start');
    expect(screen.getByLabelText('Name: Ask')).toBeChecked();
    expect(screen.getByLabelText('Name: Required')).toBeChecked();
    expect(screen.getByLabelText('Age: Ask')).not.toBeChecked();
    expect(screen.getByLabelText('Mobile number: Label')).toHaveValue('Phone');
    expect(screen.getByLabelText('Label 1')).toHaveValue('Plan');

    await user.click(screen.getByLabelText('Age: Ask'));
    await user.clear(title);
    await fill(user, title, 'Hello');
    await user.click(button(document.body, 'Save'));
    await waitFor(() =>
      expect(posted('/api/form/save').map((request) => request.body)).toEqual([
        {
          title: 'Hello',
          fields: [
            { key: 'name', label: '', type: 'text', required: true, options: [] },
            { key: 'mobile', label: 'Phone', type: 'mobile', required: false, options: [] },
            { key: 'age', label: '', type: 'number', required: false, options: [] },
            { key: 'f_plan', label: 'Plan', type: 'select', required: true, options: ['Free', 'Pro'] },
          ],
        },
      ]),
    );
    await screen.findByText('Form saved');
  });

  it('adds a custom field, requiring its label', async () => {
    const user = setupUser();
    renderWithProviders(<FormPage />);
    await screen.findByDisplayValue('Before we start');
    await user.click(button(document.body, 'Add field'));
    await user.click(button(document.body, 'Save'));
    expect(await screen.findByText('Give the field a label')).toBeInTheDocument();
    expect(posted('/api/form/save')).toHaveLength(0);
    await fill(user, screen.getByLabelText('Label 2'), 'Company');
    await user.click(button(document.body, 'Save'));
    await waitFor(() => expect(posted('/api/form/save')).toHaveLength(1));
    const fields = (posted('/api/form/save')[0]?.body as { fields: { key: string; label: string }[] }).fields;
    expect(fields.at(-1)).toMatchObject({ label: 'Company', type: 'text', required: false, options: [] });
    expect(fields.at(-1)?.key).toMatch(/^f_[0-9a-z]+$/);
  });

  it("reports the server's refusal", async () => {
    const user = setupUser();
    renderWithProviders(<FormPage />);
    await screen.findByDisplayValue('Before we start');
    saveAnswer = () =>
      errorResponse(400, 'Invalid request: fields.2.options', [
        { field: 'fields.2.options', message: 'bad' },
      ]);
    await user.click(button(document.body, 'Save'));
    expect(await screen.findByText('Invalid request: fields.2.options')).toBeInTheDocument();
  });

  it("opens a skill group's form from ?wid= and says when it inherits", async () => {
    current = {
      ...saved,
      fid: '',
      workgroup: { wid: 'w-sales', nickname: 'Sales' },
      createdAt: null,
      updatedAt: null,
    };
    renderWithProviders(<FormPage />, { path: '/?wid=w-sales' });
    expect(
      await screen.findByText(
        'Nothing saved for this scope yet: showing the form that applies now. Save to give it its own.',
      ),
    ).toBeInTheDocument();
    expect(seen.find((request) => request.path === '/api/form/get')?.params.get('wid')).toBe('w-sales');
    expect(screen.queryByText('Delete this form')).toBeNull();
  });

  it('deletes a saved form after confirmation', async () => {
    const user = setupUser();
    renderWithProviders(<FormPage />);
    await screen.findByDisplayValue('Before we start');
    await user.click(button(document.body, 'Delete this form'));
    const confirm = await findPopconfirm('Delete this form?');
    expect(
      within(confirm).getByText('The built-in form (name, mobile, email) applies again.'),
    ).toBeInTheDocument();
    expect(posted('/api/form/delete')).toHaveLength(0);
    await user.click(button(confirm, 'Delete this form'));
    await waitFor(() =>
      expect(posted('/api/form/delete').map((request) => request.body)).toEqual([{ fid: 'f-1' }]),
    );
    await screen.findByText('Form deleted');
  });

  it('shows a retry when loading fails, in Chinese too', async () => {
    current = errorResponse(500, 'boom', []);
    await changeLanguage('zh-CN');
    renderWithProviders(<FormPage />);
    expect(await screen.findByText('表单加载失败', {}, { timeout: 10_000 })).toBeInTheDocument();
    // antd spaces out two-character Chinese button labels.
    expect(button(document.body, /^重\s?试$/)).toBeInTheDocument();
  });

  it('offers no saving without the edit permission', async () => {
    setProfile(adminWithPermissions({ kefu: ['query'], 'kefu.form': ['query', 'get'] }));
    renderWithProviders(<FormPage />);
    await screen.findByDisplayValue('Before we start');
    expect(screen.queryByText('Save')).toBeNull();
  });
});
