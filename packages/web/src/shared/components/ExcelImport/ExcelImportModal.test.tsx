import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { FakeXhr } from '../Upload/testing';
import { ExcelImportModal } from './ExcelImportModal';

const fetchMock = vi.fn();

beforeEach(() => {
  FakeXhr.instances = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  vi.stubGlobal('fetch', fetchMock);
  URL.createObjectURL = vi.fn(() => 'blob:template');
  URL.revokeObjectURL = vi.fn();
  fetchMock.mockReset();
});

afterEach(() => vi.unstubAllGlobals());

const renderModal = (onImported = vi.fn()) => {
  renderWithProviders(
    <ExcelImportModal
      open
      onClose={() => undefined}
      title="Import words"
      templateUrl="/api/taboo/template"
      templateName="words.xlsx"
      importUrl="/api/taboo/import"
      fields={{ mode: 'replace' }}
      fieldLabels={{ standard: 'Word' }}
      onImported={onImported}
    />,
  );
  return onImported;
};

describe('ExcelImportModal', () => {
  it('downloads the template with the session and says so when it fails', async () => {
    fetchMock.mockResolvedValueOnce(
      new Response('bytes', {
        status: 200,
        headers: { 'Content-Disposition': 'attachment; filename="t.xlsx"' },
      }),
    );
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderModal();
    await user.click(screen.getByRole('button', { name: /Download template/ }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain('/api/taboo/template');

    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ message: 'Not allowed', status_code: 403, data: null }), { status: 403 }),
    );
    await user.click(screen.getByRole('button', { name: /Download template/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The template could not be downloaded: Not allowed',
    );
  });

  it('sends the file with the fields and reports rows without a total', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const onImported = renderModal();
    const dialog = screen.getByRole('dialog');
    const input = dialog.querySelector<HTMLInputElement>('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File(['x'], 'words.csv', { type: 'text/csv' }));
    const xhr = FakeXhr.latest();
    expect(xhr.body?.get('mode')).toBe('replace');
    expect(screen.getByText('Uploading words.csv…')).toBeInTheDocument();
    xhr.respond(200, {
      message: 'success',
      status_code: 200,
      data: { imported: 0, errors: [{ row: 2, field: 'standard', message: 'is required' }] },
    });
    expect(await screen.findByText('Imported 0 rows.')).toBeInTheDocument();
    expect(within(screen.getByRole('table')).getByText('Word')).toBeInTheDocument();
    expect(onImported).toHaveBeenCalledWith({
      imported: 0,
      errors: [{ row: 2, field: 'standard', message: 'is required' }],
    });
    await user.click(screen.getByRole('button', { name: 'Import another file' }));
    expect(screen.getByText('Click or drag a file here')).toBeInTheDocument();
  });
});
