import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setToken } from '../../auth/token';
import { setProfile } from '../../auth/profileStore';
import { changeLanguage } from '../../i18n';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { UploadWidget } from './UploadWidget';
import { FakeXhr, attachment, envelope, profile } from './testing';

const png = (name = 'photo.png', bytes = 2048) =>
  new File([new Uint8Array(bytes)], name, { type: 'image/png' });
const pdf = () => new File(['%PDF-1.7'], 'report.pdf', { type: 'application/pdf' });

const input = () => screen.getByTestId('upload-input');
const zone = () => document.querySelector<HTMLElement>('.ok-upload')!;
const drop = (...files: File[]) => fireEvent.drop(zone(), { dataTransfer: { files } });

beforeEach(() => {
  FakeXhr.instances = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  setToken('token-123');
  setProfile(profile('alice'));
});

afterEach(async () => {
  vi.unstubAllGlobals();
  setProfile(null);
  await changeLanguage('en-US');
});

describe('UploadWidget', { timeout: 30_000 }, () => {
  it('shows the idle label in both languages', async () => {
    renderWithProviders(<UploadWidget />);
    expect(screen.getByText('Click to choose a file or drag it here')).toBeInTheDocument();
    await changeLanguage('zh-CN');
    expect(await screen.findByText('点击选择文件或将文件拖拽到此处')).toBeInTheDocument();
  });

  it('opens the file chooser from the idle button and the whole area, but not mid-upload', async () => {
    const click = vi.spyOn(HTMLInputElement.prototype, 'click').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderWithProviders(<UploadWidget />);
    await user.click(screen.getByRole('button', { name: 'Click to choose a file or drag it here' }));
    expect(click).toHaveBeenCalledTimes(1);
    await user.click(zone());
    expect(click).toHaveBeenCalledTimes(2);
    drop(png());
    await user.click(zone());
    expect(click).toHaveBeenCalledTimes(2);
    click.mockRestore();
  });

  it('refuses a file type outside the accept list before uploading', async () => {
    const onError = vi.fn();
    const user = userEvent.setup({ applyAccept: false });
    renderWithProviders(<UploadWidget kind="image" accept={['.png', 'image/jpeg']} onError={onError} />);
    await user.upload(input(), pdf());
    expect(screen.getByRole('alert')).toHaveTextContent('This file type is not supported');
    expect(FakeXhr.instances).toHaveLength(0);
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ reason: 'type' }));
    expect(input()).toHaveAttribute('accept', '.png,image/jpeg');
  });

  it('names the refusal in Chinese and accepts a listed MIME wildcard', async () => {
    await changeLanguage('zh-CN');
    renderWithProviders(<UploadWidget accept={['image/*']} />);
    drop(pdf());
    expect(await screen.findByText('不支持当前文件格式')).toBeInTheDocument();
    drop(new File([new Uint8Array(10)], 'scan.jpg', { type: 'image/jpeg' }));
    expect(FakeXhr.instances).toHaveLength(1);
    expect(screen.getByText('上传中')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '点击取消' })).toBeInTheDocument();
  });

  it('refuses a file larger than maxSizeMb before uploading', async () => {
    const onError = vi.fn();
    renderWithProviders(<UploadWidget maxSizeMb={1} onError={onError} />);
    drop(png('big.png', 1024 * 1024 + 1));
    expect(await screen.findByRole('alert')).toHaveTextContent('The file is larger than 1 MB');
    expect(FakeXhr.instances).toHaveLength(0);
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ reason: 'size' }));
    drop(png('small.png', 1024 * 1024));
    expect(FakeXhr.instances).toHaveLength(1);
  });

  it('uploads with the session headers, reports real progress and emits success', async () => {
    const onSuccess = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<UploadWidget kind="avatar" onSuccess={onSuccess} />);
    await user.upload(input(), png());

    const xhr = FakeXhr.latest();
    expect(xhr.method).toBe('POST');
    expect(new URL(xhr.url, 'http://localhost').pathname).toBe('/api/upload/avatar');
    expect(new URL(xhr.url, 'http://localhost').searchParams.get('client')).toBe('web');
    expect(xhr.headers.Authorization).toBe('Bearer token-123');
    expect(xhr.headers['Accept-Language']).toBe('en-US');
    expect((xhr.body?.get('file') as File).name).toBe('photo.png');
    expect(xhr.body?.get('file_name')).toMatch(/^\d{14}-photo\.png$/);
    expect(xhr.body?.get('username')).toBe('alice');

    expect(screen.getByText('Uploading')).toBeInTheDocument();
    xhr.progress(512, 2048);
    expect(screen.getByText('25%')).toBeInTheDocument();
    xhr.progress(1536, 2048);
    expect(screen.getByText('75%')).toBeInTheDocument();
    expect(onSuccess).not.toHaveBeenCalled();

    const saved = attachment({ kind: 'avatar' });
    xhr.respond(200, envelope(saved));
    expect(await screen.findByText('Upload complete')).toBeInTheDocument();
    expect(onSuccess).toHaveBeenCalledTimes(1);
    expect(onSuccess).toHaveBeenCalledWith(saved, JSON.stringify(envelope(saved)));
    expect(screen.queryByRole('button', { name: 'Click to cancel' })).toBeNull();
  });

  it('shows "上传完成" in Chinese after a successful upload', async () => {
    await changeLanguage('zh-CN');
    renderWithProviders(<UploadWidget />);
    drop(png());
    expect(FakeXhr.latest().headers['Accept-Language']).toBe('zh-CN');
    FakeXhr.latest().respond(200, envelope(attachment()));
    expect(await screen.findByText('上传完成')).toBeInTheDocument();
  });

  it('shows the server’s 413 message with the error and retry labels, and retries the same file', async () => {
    const onError = vi.fn();
    const onSuccess = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<UploadWidget onError={onError} onSuccess={onSuccess} />);
    drop(png());
    FakeXhr.latest().respond(413, {
      ...envelope(null, 413, 'Files may be at most 10 MB'),
      code: 'PAYLOAD_TOO_LARGE',
    });

    expect(await screen.findByText('Upload error')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Files may be at most 10 MB');
    expect(onError).toHaveBeenCalledWith(
      expect.objectContaining({ status: 413, message: 'Files may be at most 10 MB' }),
    );

    await user.click(screen.getByRole('button', { name: 'Click to retry' }));
    expect(FakeXhr.instances).toHaveLength(2);
    expect((FakeXhr.latest().body?.get('file') as File).name).toBe('photo.png');
    FakeXhr.latest().respond(200, envelope(attachment()));
    expect(await screen.findByText('Upload complete')).toBeInTheDocument();
    expect(onSuccess).toHaveBeenCalledTimes(1);
  });

  it('falls back to a readable message when the error body has none', async () => {
    renderWithProviders(<UploadWidget />);
    drop(png());
    FakeXhr.latest().respond(413, '');
    expect(await screen.findByRole('alert')).toHaveTextContent('The upload is too large');
  });

  it('treats a success body that is not an attachment as an error', async () => {
    const onSuccess = vi.fn();
    renderWithProviders(<UploadWidget onSuccess={onSuccess} />);
    drop(png());
    FakeXhr.latest().respond(200, envelope({ url: 'x' }));
    expect(await screen.findByText('Upload error')).toBeInTheDocument();
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it('cancels an upload: the request is aborted and the widget shows the aborted label', async () => {
    const onError = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<UploadWidget onError={onError} />);
    drop(png());
    await user.click(screen.getByRole('button', { name: 'Click to cancel' }));
    expect(FakeXhr.latest().isAborted).toBe(true);
    expect(zone()).toHaveAttribute('data-state', 'aborted');
    expect(screen.getByText('Upload cancelled')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Click to retry' })).toBeInTheDocument();
    expect(onError).not.toHaveBeenCalled();
  });

  it('uploads one file at a time', async () => {
    renderWithProviders(<UploadWidget />);
    drop(png('first.png'), png('second.png'));
    expect(FakeXhr.instances).toHaveLength(1);
    expect((FakeXhr.latest().body?.get('file') as File).name).toBe('first.png');
    drop(png('third.png'));
    expect(FakeXhr.instances).toHaveLength(1);
    expect(within(zone()).getByText(/first\.png/)).toBeInTheDocument();
  });

  it('aborts the request when it is unmounted mid-upload', () => {
    const { unmount } = renderWithProviders(<UploadWidget />);
    drop(png());
    unmount();
    expect(FakeXhr.latest().isAborted).toBe(true);
  });
});
