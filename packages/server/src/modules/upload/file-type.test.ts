import { describe, expect, it } from 'vitest';
import { createTextSniffer, detectFileType, type FileTypeId, type ReadAt } from './file-type.js';
import {
  compoundFileBytes,
  elfBytes,
  imageBytes,
  mp3Bytes,
  mp4Bytes,
  officeBytes,
  pdfBytes,
  pkcs12Bytes,
  wavBytes,
  windowsExecutableBytes,
  zipBytes,
} from '../../test/upload-fixtures.js';

const sniffText = (bytes: Buffer, chunkSize = 7): boolean => {
  const sniffer = createTextSniffer();
  for (let offset = 0; offset < bytes.length; offset += chunkSize) {
    sniffer.push(bytes.subarray(offset, offset + chunkSize));
  }
  return sniffer.finish();
};

const detect = async (bytes: Buffer, name = 'upload.bin'): Promise<FileTypeId> => {
  const readAt: ReadAt = async (position, length) => bytes.subarray(position, position + length);
  const type = await detectFileType(readAt, {
    head: bytes.subarray(0, 65536),
    size: bytes.length,
    isUtf8Text: sniffText(bytes),
    name,
  });
  return type.id;
};

describe('detectFileType', () => {
  it('recognises images from their signatures', async () => {
    expect(await detect(await imageBytes('png', 4, 4))).toBe('png');
    expect(await detect(await imageBytes('jpeg', 4, 4))).toBe('jpeg');
    expect(await detect(await imageBytes('gif', 4, 4))).toBe('gif');
    expect(await detect(await imageBytes('webp', 4, 4))).toBe('webp');
  });

  it('ignores the name: a PNG called report.pdf is a PNG, a PDF called photo.png a PDF', async () => {
    expect(await detect(await imageBytes('png', 4, 4), 'report.pdf')).toBe('png');
    expect(await detect(pdfBytes(), 'photo.png')).toBe('pdf');
  });

  it('tells Office documents from plain ZIP archives by their entries', async () => {
    expect(await detect(officeBytes('docx'))).toBe('docx');
    expect(await detect(officeBytes('xlsx'))).toBe('xlsx');
    expect(await detect(officeBytes('pptx'))).toBe('pptx');
    expect(await detect(officeBytes('docx', { macros: true }))).toBe('officeMacro');
    expect(await detect(zipBytes([{ name: 'word/notes.txt', data: 'hi' }]))).toBe('zip');
    expect(await detect(zipBytes([{ name: 'a.txt', data: 'a' }]))).toBe('zip');
  });

  it('tells legacy Word, Excel and PowerPoint apart inside OLE compound files', async () => {
    expect(await detect(compoundFileBytes(['WordDocument', '1Table']))).toBe('doc');
    expect(await detect(compoundFileBytes(['Workbook']))).toBe('xls');
    expect(await detect(compoundFileBytes(['PowerPoint Document']))).toBe('ppt');
    // An MSI installer or an encrypted OOXML package is an OLE file with other streams.
    expect(await detect(compoundFileBytes(['EncryptedPackage', 'EncryptionInfo']))).toBe('ole');
  });

  it('recognises audio and video', async () => {
    expect(await detect(mp3Bytes())).toBe('mp3');
    expect(await detect(mp4Bytes('isom'))).toBe('mp4');
    expect(await detect(mp4Bytes('M4A '))).toBe('m4a');
    expect(await detect(mp4Bytes('heic'))).toBe('heic');
    expect(await detect(wavBytes())).toBe('wav');
  });

  it('recognises PKCS#12 by its ASN.1 header, and not random data that starts like a SEQUENCE', async () => {
    expect(await detect(pkcs12Bytes())).toBe('p12');
    const truncated = pkcs12Bytes().subarray(0, 200);
    expect(await detect(truncated)).toBe('binary');
    const notPfx = Buffer.concat([Buffer.from([0x30, 0x05, 0x02, 0x01, 0x02, 0x05, 0x00])]);
    expect(await detect(notPfx)).toBe('binary');
  });

  it('names executables', async () => {
    expect(await detect(elfBytes(), 'avatar.png')).toBe('elf');
    expect(await detect(windowsExecutableBytes(), 'avatar.png')).toBe('exe');
    expect(await detect(Buffer.from([0xcf, 0xfa, 0xed, 0xfe, 7, 0, 0, 1, 3, 0, 0, 0]))).toBe('macho');
    // Text that merely starts with "MZ" is text.
    expect(await detect(Buffer.from('MZ is a postcode prefix\n'), 'notes.txt')).toBe('txt');
  });

  it('takes valid UTF-8 without NULs as text, CSV when the name says so, and refuses markup', async () => {
    expect(await detect(Buffer.from('你好，世界\nhello\n'), 'notes.txt')).toBe('txt');
    expect(await detect(Buffer.from('\uFEFFname,phone\nAda,123\n'), 'contacts.CSV')).toBe('csv');
    expect(await detect(Buffer.from('name,phone\n'), 'contacts.txt')).toBe('txt');
    expect(
      await detect(Buffer.from('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"/>')),
    ).toBe('svg');
    expect(await detect(Buffer.from('  <!DOCTYPE html><html><script>alert(1)</script>'), 'a.txt')).toBe(
      'html',
    );
    expect(await detect(Buffer.from('a\0b'), 'a.txt')).toBe('binary');
    expect(await detect(Buffer.from([0x68, 0x69, 0xc3, 0x28]), 'a.txt')).toBe('binary');
  });
});

describe('createTextSniffer', () => {
  it('accepts a multi-byte character split across chunks and refuses one cut off at the end', () => {
    const text = Buffer.from('客服系统'.repeat(10));
    expect(sniffText(text, 1)).toBe(true);
    expect(sniffText(text.subarray(0, text.length - 1), 5)).toBe(false);
  });

  it('refuses overlong encodings and NULs in any chunk', () => {
    expect(sniffText(Buffer.from([0x61, 0xc0, 0xaf]))).toBe(false);
    expect(sniffText(Buffer.concat([Buffer.from('x'.repeat(100)), Buffer.from([0])]), 10)).toBe(false);
  });
});

describe('PKCS#12 as OpenSSL writes it', () => {
  it('is recognised from the head of `openssl pkcs12 -export` output (2,515 bytes)', async () => {
    const head = Buffer.from('308209cf020103308209850609' + '2a864886f70d010701a082097604820972', 'hex');
    const file = Buffer.concat([head, Buffer.alloc(2515 - head.length, 0x5a)]);
    expect(await detect(file, 'wechat-pay.p12')).toBe('p12');
    // One byte more and the DER length no longer covers the file.
    expect(await detect(Buffer.concat([file, Buffer.from([0])]), 'wechat-pay.p12')).toBe('binary');
  });
});
