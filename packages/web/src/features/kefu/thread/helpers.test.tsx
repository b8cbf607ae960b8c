import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { highlight } from '../message/highlight';
import { fileNameOf } from './download';
import { toEpochRange } from './filters';
import './i18n';
import { MessageBody, isSafeUrl } from './TranscriptView';
import { makeMessage } from './testData';

describe('records helpers', () => {
  it('reads the UTF-8 file name of a Content-Disposition, else the plain one', () => {
    expect(
      fileNameOf(
        'attachment; filename="conversations-1.xlsx"; filename*=UTF-8\'\'%E4%BC%9A%E8%AF%9D%E8%AE%B0%E5%BD%95-1.xlsx',
      ),
    ).toBe('会话记录-1.xlsx');
    expect(fileNameOf('attachment; filename="conversations-1.xlsx"')).toBe('conversations-1.xlsx');
    expect(fileNameOf(null)).toBeNull();
  });

  it('turns a picked range into epoch milliseconds and ignores what is not one', () => {
    expect(toEpochRange([Date.UTC(2025, 0, 1), Date.UTC(2025, 0, 2)])).toEqual({
      from: Date.UTC(2025, 0, 1),
      to: Date.UTC(2025, 0, 2),
    });
    expect(toEpochRange(['2025-01-01T00:00:00Z', ''])).toEqual({ from: Date.UTC(2025, 0, 1) });
    expect(toEpochRange(undefined)).toEqual({});
  });

  it('marks each keyword case-insensitively without interpreting the text', () => {
    render(<p data-testid="p">{highlight('Refund the <b>REFUND</b> 退款', 'refund 退款')}</p>);
    const marks = screen.getByTestId('p').querySelectorAll('mark');
    expect([...marks].map((mark) => mark.textContent)).toEqual(['Refund', 'REFUND', '退款']);
    expect(screen.getByTestId('p').querySelector('b')).toBeNull();
  });

  it('never turns a non-web address into a link or an image source', () => {
    expect(isSafeUrl('https://files.example/a.png')).toBe(true);
    expect(isSafeUrl('/uploads/a.png')).toBe(true);
    expect(isSafeUrl('javascript:alert(1)')).toBe(false);
    expect(isSafeUrl('data:text/html,hi')).toBe(false);
    render(<MessageBody message={makeMessage({ type: 'link', content: 'javascript:alert(1)' })} />);
    expect(screen.getByText('javascript:alert(1)').closest('a')).toBeNull();
  });
});
