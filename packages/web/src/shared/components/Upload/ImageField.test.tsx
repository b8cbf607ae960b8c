import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, Form } from 'antd';
import { changeLanguage } from '../../i18n';
import { jsonResponse, renderWithProviders } from '../../testing/renderWithProviders';
import { AvatarField, ImageField } from './index';
import { FakeXhr, attachment, envelope, pageOf } from './testing';

const picked = attachment({ aid: 'p1', fileName: 'logo.png', path: 'http://localhost/uploads/logo.png' });

beforeEach(() => {
  FakeXhr.instances = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => jsonResponse(pageOf([picked], 1))),
  );
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('en-US');
});

const ProfileForm = ({ onFinish }: { onFinish: (values: { avatar?: string; logo?: string }) => void }) => (
  <Form onFinish={onFinish} initialValues={{ avatar: 'http://localhost/uploads/old.png' }}>
    <Form.Item name="avatar" label="Avatar">
      <AvatarField />
    </Form.Item>
    <Form.Item name="logo" label="Logo">
      <ImageField />
    </Form.Item>
    <Button htmlType="submit">Save</Button>
  </Form>
);

describe('AvatarField / ImageField', { timeout: 30_000 }, () => {
  it('uploads through the modal and puts the URL into the form', async () => {
    const onFinish = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<ProfileForm onFinish={onFinish} />);
    expect(screen.getByRole('img', { name: 'Avatar' })).toHaveAttribute(
      'src',
      'http://localhost/uploads/old.png',
    );

    await user.click(screen.getAllByRole('button', { name: /^(upload ?)?Upload$/ })[0]);
    const dialog = await screen.findByRole('dialog', { name: 'Upload attachment' });
    await user.upload(
      within(dialog).getByTestId('upload-input'),
      new File(['x'], 'me.png', { type: 'image/png' }),
    );
    expect(new URL(FakeXhr.latest().url, 'http://localhost').pathname).toBe('/api/upload/avatar');
    FakeXhr.latest().respond(
      200,
      envelope(attachment({ kind: 'avatar', path: 'http://localhost/uploads/me.png' })),
    );

    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'Avatar' })).toHaveAttribute(
        'src',
        'http://localhost/uploads/me.png',
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(onFinish).toHaveBeenCalledWith(
        expect.objectContaining({ avatar: 'http://localhost/uploads/me.png' }),
      ),
    );
  });

  it('picks an image from the attachments for the image field', async () => {
    const onFinish = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<ProfileForm onFinish={onFinish} />);
    expect(screen.getByText('No image')).toBeInTheDocument();

    await user.click(screen.getAllByRole('button', { name: 'Choose from attachments' })[1]);
    await user.click(await screen.findByRole('button', { name: 'Choose logo.png' }));
    await waitFor(() => expect(screen.queryByText('No image')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(onFinish).toHaveBeenCalledWith(
        expect.objectContaining({ logo: 'http://localhost/uploads/logo.png' }),
      ),
    );
  });

  it('labels its buttons and the modal in Chinese', async () => {
    await changeLanguage('zh-CN');
    const user = userEvent.setup();
    renderWithProviders(<ImageField />);
    expect(screen.getByRole('button', { name: '从附件中选择' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /上传/ }));
    expect(await screen.findByRole('dialog', { name: '上传附件' })).toBeInTheDocument();
  });
});
