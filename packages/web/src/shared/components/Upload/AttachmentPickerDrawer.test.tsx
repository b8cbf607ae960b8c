import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Attachment } from '@openkefu/contract';
import { changeLanguage } from '../../i18n';
import { jsonResponse, renderWithProviders } from '../../testing/renderWithProviders';
import { AttachmentPickerDrawer } from './AttachmentPickerDrawer';
import { FakeXhr, attachment, envelope, pageOf } from './testing';

const stored: Attachment[] = Array.from({ length: 30 }, (_, index) =>
  attachment({
    aid: `a${index + 1}`,
    fileName: index % 2 === 0 ? `photo-${index + 1}.png` : `report-${index + 1}.pdf`,
    mediaType: index % 2 === 0 ? 'image/png' : 'application/pdf',
    suffix: index % 2 === 0 ? 'png' : 'pdf',
    thumbPath: index % 2 === 0 ? `http://localhost/t/${index + 1}.png` : null,
    size: 1536 * (index + 1),
  }),
);

let rows: Attachment[] = [];
let requests: string[] = [];

beforeEach(() => {
  rows = [...stored];
  requests = [];
  FakeXhr.instances = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      requests.push(`${init?.method ?? 'GET'} ${url.pathname}${url.search}`);
      if (url.pathname === '/api/attachment/query') {
        const page = Number(url.searchParams.get('page'));
        const size = Number(url.searchParams.get('size'));
        return jsonResponse(pageOf(rows.slice(page * size, page * size + size), rows.length, page, size));
      }
      if (url.pathname === '/api/attachment/delete' && init?.method === 'DELETE') {
        rows = rows.filter((row) => row.aid !== url.searchParams.get('aid'));
        return jsonResponse(null);
      }
      return jsonResponse(null, 404);
    }),
  );
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('en-US');
});

const items = () => screen.getAllByTestId('attachment-item');

describe('AttachmentPickerDrawer', { timeout: 30_000 }, () => {
  it('lists 12 attachments a page in a 480 px drawer and pages on', async () => {
    const user = userEvent.setup();
    renderWithProviders(<AttachmentPickerDrawer open onClose={() => undefined} onPick={() => undefined} />);
    expect(await screen.findByText('photo-1.png')).toBeInTheDocument();
    expect(items()).toHaveLength(12);
    expect(requests).toContain('GET /api/attachment/query?page=0&size=12&client=web');
    expect(screen.getByRole('img', { name: 'photo-1.png' })).toHaveAttribute(
      'src',
      'http://localhost/t/1.png',
    );
    expect(within(items()[1]).getByText('report-2.pdf')).toBeInTheDocument();
    expect(within(items()[1]).getByText('3 KB')).toBeInTheDocument();
    expect(
      document.querySelector<HTMLElement>('.ant-drawer-content-wrapper, .ant-drawer-section')?.style.width,
    ).toBe('480px');

    await user.click(screen.getByTitle('3'));
    expect(await screen.findByText('photo-25.png')).toBeInTheDocument();
    expect(requests).toContain('GET /api/attachment/query?page=2&size=12&client=web');
    expect(items()).toHaveLength(6);
  });

  it('asks for images only and calls onPick with the clicked attachment', async () => {
    const onPick = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(
      <AttachmentPickerDrawer open onClose={() => undefined} mediaType="image" onPick={onPick} />,
    );
    await user.click(await screen.findByRole('button', { name: 'Choose photo-3.png' }));
    expect(requests).toContain('GET /api/attachment/query?page=0&size=12&mediaType=image&client=web');
    expect(onPick).toHaveBeenCalledWith(stored[2]);
  });

  it('shows the empty state', async () => {
    rows = [];
    renderWithProviders(
      <AttachmentPickerDrawer open onClose={() => undefined} mediaType="image" onPick={() => undefined} />,
    );
    expect(await screen.findByText('No images yet')).toBeInTheDocument();
    expect(screen.queryAllByTestId('attachment-item')).toHaveLength(0);
  });

  it('shows the empty state in Chinese', async () => {
    rows = [];
    await changeLanguage('zh-CN');
    renderWithProviders(<AttachmentPickerDrawer open onClose={() => undefined} onPick={() => undefined} />);
    expect(await screen.findByText('暂无附件')).toBeInTheDocument();
  });

  it('does not load while closed', async () => {
    renderWithProviders(
      <AttachmentPickerDrawer open={false} onClose={() => undefined} onPick={() => undefined} />,
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(requests).toHaveLength(0);
  });

  it('deletes only after confirmation and reloads the page', async () => {
    const onPick = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<AttachmentPickerDrawer open onClose={() => undefined} onPick={onPick} />);
    await user.click(await screen.findByRole('button', { name: 'Delete photo-1.png' }));
    expect(await screen.findByText(/Delete “photo-1.png”\?/)).toBeInTheDocument();
    expect(requests.some((line) => line.startsWith('DELETE'))).toBe(false);

    const confirm = screen.getAllByRole('button', { name: 'Delete' }).at(-1)!;
    await user.click(confirm);
    await waitFor(() => expect(requests).toContain('DELETE /api/attachment/delete?aid=a1&client=web'));
    await waitFor(() => expect(screen.queryByText('photo-1.png')).toBeNull());
    expect(await screen.findByText('Attachment deleted')).toBeInTheDocument();
    expect(screen.getByText('photo-13.png')).toBeInTheDocument();
    expect(onPick).not.toHaveBeenCalled();
  });

  it('reports a failed load with a retry', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(null, 500)),
    );
    renderWithProviders(<AttachmentPickerDrawer open onClose={() => undefined} onPick={() => undefined} />);
    expect(await screen.findByText(/The attachments could not be loaded/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('uploads from the top button and shows the new attachment first', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <AttachmentPickerDrawer open onClose={() => undefined} mediaType="image" onPick={() => undefined} />,
    );
    await screen.findByText('photo-1.png');
    await user.click(screen.getByRole('button', { name: /Upload/ }));
    // antd gives every title the id "test-id" under test, so the modal's accessible name is the drawer's.
    const dialog = (await screen.findByText('Upload attachment')).closest<HTMLElement>('[role="dialog"]')!;
    await user.upload(
      within(dialog).getByTestId('upload-input'),
      new File(['x'], 'new.png', { type: 'image/png' }),
    );
    expect(new URL(FakeXhr.latest().url, 'http://localhost').pathname).toBe('/api/upload/image');

    const created = attachment({ aid: 'new', fileName: 'new.png' });
    rows = [created, ...rows];
    FakeXhr.latest().respond(200, envelope(created));
    expect(await screen.findByText('new.png')).toBeInTheDocument();
    expect(items()[0]).toHaveTextContent('new.png');
  });
});
