import { describe, expect, it } from 'vitest';
import { contentDisposition, downloadNameOf, maxFileNameLength, sanitizeFileName } from './file-name.js';

describe('sanitizeFileName', () => {
  it('keeps only the last path segment, whichever separator', () => {
    expect(sanitizeFileName('../../etc/passwd.png')).toBe('passwd.png');
    expect(sanitizeFileName('C:\\Users\\ada\\report.pdf')).toBe('report.pdf');
    expect(sanitizeFileName('20261122093000-季度报告.pdf')).toBe('20261122093000-季度报告.pdf');
  });

  it('removes control and bidi characters, reserved characters and leading dots', () => {
    expect(sanitizeFileName('in\u0000voice\u202Efdp.exe')).toBe('invoicefdp.exe');
    expect(sanitizeFileName('a<b>:c|d?.txt')).toBe('a_b__c_d_.txt');
    expect(sanitizeFileName('..hidden')).toBe('hidden');
    expect(sanitizeFileName('  spaced \t name.txt  ')).toBe('spaced name.txt');
    expect(sanitizeFileName('trailing...')).toBe('trailing');
  });

  it('answers null when nothing usable is left', () => {
    for (const raw of ['', '..', '../', '/', '\u0001\u0002', '   ', undefined, null]) {
      expect(sanitizeFileName(raw)).toBeNull();
    }
  });

  it('caps the length and keeps the extension', () => {
    const name = sanitizeFileName(`${'长'.repeat(300)}.xlsx`) ?? '';
    expect([...name]).toHaveLength(maxFileNameLength);
    expect(name.endsWith('.xlsx')).toBe(true);
  });
});

describe('downloadNameOf', () => {
  it('adds the real extension when the name claims another', () => {
    expect(downloadNameOf('invoice.exe', 'pdf')).toBe('invoice.exe.pdf');
    expect(downloadNameOf('report.PDF', 'pdf')).toBe('report.PDF');
    expect(downloadNameOf('photo.jpeg', 'jpg')).toBe('photo.jpeg');
    expect(downloadNameOf('notes', 'txt')).toBe('notes.txt');
  });
});

describe('contentDisposition', () => {
  it('gives an ASCII fallback and the exact UTF-8 name', () => {
    expect(contentDisposition('inline')).toBe('inline');
    expect(contentDisposition('attachment', '报告 "1".pdf')).toBe(
      `attachment; filename="__ _1_.pdf"; filename*=UTF-8''%E6%8A%A5%E5%91%8A%20%221%22.pdf`,
    );
  });
});
