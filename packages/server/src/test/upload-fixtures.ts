import { randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';

/*
 * Real, tiny files of each kind built in memory for the upload tests (no binary fixtures in the
 * repository). Each builder follows its format's layout closely enough for real tools to read it.
 */

export const imageBytes = (
  format: 'png' | 'jpeg' | 'gif' | 'webp',
  width: number,
  height: number,
): Promise<Buffer> =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 60, b: 30 } } })
    .toFormat(format)
    .toBuffer();

/** A one-page PDF with a correct cross-reference table. */
export const pdfBytes = (): Buffer => {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
};

/** A ZIP archive with stored (uncompressed) entries, local headers and a central directory. */
export const zipBytes = (entries: { name: string; data: Buffer | string }[]): Buffer => {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const data = Buffer.isBuffer(entry.data) ? entry.data : Buffer.from(entry.data, 'utf8');
    const checksum = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(checksum, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(checksum, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += local.length + name.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
};

const contentTypes =
  '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>';

export const officeBytes = (format: 'docx' | 'xlsx' | 'pptx', options: { macros?: boolean } = {}): Buffer => {
  const main = { docx: 'word/document.xml', xlsx: 'xl/workbook.xml', pptx: 'ppt/presentation.xml' }[format];
  return zipBytes([
    { name: '[Content_Types].xml', data: contentTypes },
    { name: '_rels/.rels', data: '<Relationships/>' },
    { name: main, data: '<root/>' },
    ...(options.macros ? [{ name: `${main.split('/')[0]}/vbaProject.bin`, data: randomBytes(64) }] : []),
  ]);
};

/**
 * An OLE compound file (legacy Office container) with 512-byte sectors: header, one FAT sector,
 * one directory sector holding the root and the named streams, and 4 KiB of data for the first.
 */
export const compoundFileBytes = (streamNames: string[]): Buffer => {
  const sector = 512;
  const header = Buffer.alloc(sector);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(header, 0);
  header.writeUInt16LE(0x3e, 0x18);
  header.writeUInt16LE(3, 0x1a);
  header.writeUInt16LE(0xfffe, 0x1c);
  header.writeUInt16LE(9, 0x1e);
  header.writeUInt16LE(6, 0x20);
  header.writeUInt32LE(1, 0x2c); // one FAT sector
  header.writeUInt32LE(1, 0x30); // directory starts at sector 1
  header.writeUInt32LE(0x1000, 0x38);
  header.writeUInt32LE(0xfffffffe, 0x3c);
  header.writeUInt32LE(0xfffffffe, 0x44);
  header.fill(0xff, 0x4c);
  header.writeUInt32LE(0, 0x4c); // the FAT is sector 0
  const fat = Buffer.alloc(sector, 0xff);
  fat.writeUInt32LE(0xfffffffd, 0); // sector 0: FAT
  fat.writeUInt32LE(0xfffffffe, 4); // sector 1: directory, end of chain
  for (let index = 2; index < 10; index += 1)
    fat.writeUInt32LE(index === 9 ? 0xfffffffe : index + 1, index * 4);
  const directory = Buffer.alloc(sector);
  const names = ['Root Entry', ...streamNames].slice(0, 4);
  names.forEach((name, index) => {
    const entry = directory.subarray(index * 128, (index + 1) * 128);
    entry.write(name, 0, 'utf16le');
    entry.writeUInt16LE((name.length + 1) * 2, 0x40);
    entry[0x42] = index === 0 ? 5 : 2;
    entry.writeUInt32LE(0xffffffff, 0x44);
    entry.writeUInt32LE(index + 1 < names.length ? index + 1 : 0xffffffff, 0x48);
    entry.writeUInt32LE(index === 0 && names.length > 1 ? 1 : 0xffffffff, 0x4c);
    // The first stream owns the data sector: 4,096 bytes is the smallest regular (non-mini) stream.
    entry.writeUInt32LE(index === 1 ? 2 : index === 0 ? 0xfffffffe : 0, 0x74);
    entry.writeUInt32LE(index === 1 ? 4096 : 0, 0x78);
  });
  const data = randomBytes(sector * 8);
  return Buffer.concat([header, fat, directory, data]);
};

const der = (tag: number, content: Buffer): Buffer => {
  const length =
    content.length < 0x80
      ? Buffer.from([content.length])
      : content.length < 0x100
        ? Buffer.from([0x81, content.length])
        : Buffer.from([0x82, content.length >> 8, content.length & 0xff]);
  return Buffer.concat([Buffer.from([tag]), length, content]);
};

/** PFX { version 3, ContentInfo { pkcs7-data, [0] OCTET STRING }, MacData } with random payloads. */
export const pkcs12Bytes = (): Buffer => {
  const dataOid = Buffer.from([0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x07, 0x01]);
  const authSafe = der(0x30, Buffer.concat([dataOid, der(0xa0, der(0x04, randomBytes(300)))]));
  const macData = der(
    0x30,
    Buffer.concat([der(0x04, randomBytes(20)), der(0x02, Buffer.from([0x08, 0x00]))]),
  );
  return der(0x30, Buffer.concat([Buffer.from([0x02, 0x01, 0x03]), authSafe, macData]));
};

/** The start of an x86-64 ELF binary. */
export const elfBytes = (): Buffer => {
  const bytes = Buffer.alloc(256);
  Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]).copy(bytes, 0);
  bytes.writeUInt16LE(2, 16);
  bytes.writeUInt16LE(0x3e, 18);
  return bytes;
};

/** A DOS stub and PE header, as at the start of every Windows .exe. */
export const windowsExecutableBytes = (): Buffer => {
  const bytes = Buffer.alloc(512);
  bytes.write('MZ', 0, 'latin1');
  bytes.writeUInt16LE(0x90, 2);
  bytes.writeUInt32LE(0x80, 0x3c);
  bytes.write('This program cannot be run in DOS mode.', 0x4e, 'latin1');
  bytes.write('PE\0\0', 0x80, 'latin1');
  bytes.writeUInt16LE(0x8664, 0x84);
  return bytes;
};

export const mp3Bytes = (): Buffer => {
  const tag = Buffer.from([0x49, 0x44, 0x33, 0x03, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00]);
  const frame = Buffer.alloc(417);
  frame.set([0xff, 0xfb, 0x90, 0x64]);
  return Buffer.concat([tag, frame, frame]);
};

export const mp4Bytes = (brand = 'isom'): Buffer => {
  const ftyp = Buffer.alloc(24);
  ftyp.writeUInt32BE(24, 0);
  ftyp.write('ftyp', 4, 'latin1');
  ftyp.write(brand, 8, 'latin1');
  ftyp.write('isommp41', 16, 'latin1');
  const mdat = Buffer.alloc(64);
  mdat.writeUInt32BE(64, 0);
  mdat.write('mdat', 4, 'latin1');
  return Buffer.concat([ftyp, mdat]);
};

export const wavBytes = (): Buffer => {
  const samples = Buffer.alloc(800);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + samples.length, 4);
  header.write('WAVEfmt ', 8, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(8000, 24);
  header.writeUInt32LE(16000, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(samples.length, 40);
  return Buffer.concat([header, samples]);
};

export type MultipartFile = { name?: string; data: Buffer; contentType?: string; field?: string };

/** A multipart/form-data body as a browser sends it, for app.inject. */
export const multipartBody = (
  parts: { file?: MultipartFile | MultipartFile[]; fields?: Record<string, string> } = {},
): { payload: Buffer; headers: Record<string, string> } => {
  const boundary = `----openkefu${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(parts.fields ?? {})) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
        'utf8',
      ),
    );
  }
  const files = parts.file ? (Array.isArray(parts.file) ? parts.file : [parts.file]) : [];
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name ?? 'upload.bin'}"\r\nContent-Type: ${file.contentType ?? 'application/octet-stream'}\r\n\r\n`,
        'utf8',
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
};
