/*
 * What a file really is, from its bytes. The client's name and Content-Type are never trusted:
 * the allow-lists of each upload kind are checked against this, and the stored extension and
 * served Content-Type come from it, so a renamed executable or an SVG with script is refused
 * instead of being served back from our origin.
 */

export type FileTypeId =
  | 'png'
  | 'jpeg'
  | 'gif'
  | 'webp'
  | 'pdf'
  | 'docx'
  | 'xlsx'
  | 'pptx'
  | 'doc'
  | 'xls'
  | 'ppt'
  | 'txt'
  | 'csv'
  | 'zip'
  | 'mp3'
  | 'mp4'
  | 'm4a'
  | 'wav'
  | 'webm'
  | 'weba'
  | 'ogg'
  | 'p12'
  // Recognised only to be refused with a clear name.
  | 'svg'
  | 'html'
  | 'elf'
  | 'exe'
  | 'macho'
  | 'ole'
  | 'officeMacro'
  | 'heic'
  | 'binary';

export type FileTypeInfo = {
  id: FileTypeId;
  /** Extension of the stored file, lower case, no dot. */
  extension: string;
  mediaType: string;
  isImage: boolean;
  /** Shown in refusals: "The file's content is {label}…". */
  label: { en: string; zh: string };
};

const info = (
  id: FileTypeId,
  extension: string,
  mediaType: string,
  en: string,
  zh: string,
  isImage = false,
): FileTypeInfo => ({ id, extension, mediaType, isImage, label: { en, zh } });

export const fileTypes: Record<FileTypeId, FileTypeInfo> = {
  png: info('png', 'png', 'image/png', 'a PNG image', 'PNG 图片', true),
  jpeg: info('jpeg', 'jpg', 'image/jpeg', 'a JPEG image', 'JPEG 图片', true),
  gif: info('gif', 'gif', 'image/gif', 'a GIF image', 'GIF 图片', true),
  webp: info('webp', 'webp', 'image/webp', 'a WebP image', 'WebP 图片', true),
  pdf: info('pdf', 'pdf', 'application/pdf', 'a PDF document', 'PDF 文档'),
  docx: info(
    'docx',
    'docx',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    'a Word document (docx)',
    'Word 文档（docx）',
  ),
  xlsx: info(
    'xlsx',
    'xlsx',
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    'an Excel workbook (xlsx)',
    'Excel 工作簿（xlsx）',
  ),
  pptx: info(
    'pptx',
    'pptx',
    'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    'a PowerPoint presentation (pptx)',
    'PowerPoint 演示文稿（pptx）',
  ),
  doc: info('doc', 'doc', 'application/msword', 'a Word 97–2003 document (doc)', 'Word 97–2003 文档（doc）'),
  xls: info(
    'xls',
    'xls',
    'application/vnd.ms-excel',
    'an Excel 97–2003 workbook (xls)',
    'Excel 97–2003 工作簿（xls）',
  ),
  ppt: info(
    'ppt',
    'ppt',
    'application/vnd.ms-powerpoint',
    'a PowerPoint 97–2003 presentation (ppt)',
    'PowerPoint 97–2003 演示文稿（ppt）',
  ),
  txt: info('txt', 'txt', 'text/plain', 'plain text', '纯文本'),
  csv: info('csv', 'csv', 'text/csv', 'CSV text', 'CSV 文本'),
  zip: info('zip', 'zip', 'application/zip', 'a ZIP archive', 'ZIP 压缩包'),
  mp3: info('mp3', 'mp3', 'audio/mpeg', 'MP3 audio', 'MP3 音频'),
  mp4: info('mp4', 'mp4', 'video/mp4', 'an MP4 video', 'MP4 视频'),
  m4a: info('m4a', 'm4a', 'audio/mp4', 'M4A audio', 'M4A 音频'),
  wav: info('wav', 'wav', 'audio/wav', 'WAV audio', 'WAV 音频'),
  webm: info('webm', 'webm', 'video/webm', 'a WebM video', 'WebM 视频'),
  weba: info('weba', 'weba', 'audio/webm', 'WebM audio', 'WebM 音频'),
  ogg: info('ogg', 'ogg', 'audio/ogg', 'Ogg audio', 'Ogg 音频'),
  p12: info('p12', 'p12', 'application/x-pkcs12', 'a PKCS#12 certificate', 'PKCS#12 证书'),
  svg: info('svg', 'svg', 'image/svg+xml', 'an SVG image (it can carry scripts)', 'SVG 图片（可包含脚本）'),
  html: info('html', 'html', 'text/html', 'an HTML page', 'HTML 网页'),
  elf: info('elf', 'bin', 'application/octet-stream', 'an ELF executable', 'ELF 可执行程序'),
  exe: info(
    'exe',
    'bin',
    'application/octet-stream',
    'a Windows executable (PE)',
    'Windows 可执行程序（PE）',
  ),
  macho: info('macho', 'bin', 'application/octet-stream', 'a Mach-O executable', 'Mach-O 可执行程序'),
  ole: info(
    'ole',
    'bin',
    'application/octet-stream',
    'an OLE compound file that is not a Word, Excel or PowerPoint document (e.g. an installer or an encrypted document)',
    '非 Word、Excel、PowerPoint 的 OLE 复合文件（如安装包或加密文档）',
  ),
  officeMacro: info(
    'officeMacro',
    'bin',
    'application/octet-stream',
    'an Office document with macros',
    '含宏的 Office 文档',
  ),
  heic: info('heic', 'heic', 'image/heic', 'a HEIC/HEIF image', 'HEIC/HEIF 图片'),
  binary: info(
    'binary',
    'bin',
    'application/octet-stream',
    'unrecognised binary data',
    '无法识别的二进制数据',
  ),
};

const byExtension = new Map(
  Object.values(fileTypes)
    .filter((type) => type.extension !== 'bin')
    .map((type) => [type.extension, type]),
);

/** The type a stored file's extension stands for (the extension was chosen by `detectFileType`). */
export const fileTypeOfExtension = (extension: string): FileTypeInfo | undefined =>
  byExtension.get(extension.toLowerCase());

/** Reads `length` bytes at `position` (fewer at the end of the file). */
export type ReadAt = (position: number, length: number) => Promise<Buffer>;

export type ContentSample = {
  /** The first bytes of the file (at least 4 KiB when the file is that long). */
  head: Buffer;
  size: number;
  /** The whole file is valid UTF-8 without NUL bytes (see createTextSniffer). */
  isUtf8Text: boolean;
  /** The display name; only used to tell CSV from plain text, which bytes cannot. */
  name: string;
};

/**
 * Tracks, chunk by chunk while a file streams in, whether the whole file is valid UTF-8 without
 * NULs, so text needs no second read.
 */
export const createTextSniffer = () => {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let isText = true;
  return {
    push: (chunk: Uint8Array) => {
      if (!isText) return;
      if (chunk.includes(0)) {
        isText = false;
        return;
      }
      try {
        decoder.decode(chunk, { stream: true });
      } catch {
        isText = false;
      }
    },
    /** True when everything pushed was text; a sequence cut off at the end is not. */
    finish: (): boolean => {
      if (!isText) return false;
      try {
        decoder.decode();
        return true;
      } catch {
        return false;
      }
    },
  };
};

const startsWith = (buffer: Buffer, bytes: number[] | string, offset = 0): boolean => {
  const expected = typeof bytes === 'string' ? Buffer.from(bytes, 'latin1') : Buffer.from(bytes);
  return (
    buffer.length >= offset + expected.length &&
    buffer.subarray(offset, offset + expected.length).equals(expected)
  );
};

/** ASN.1 length at `offset`: its value (-1 for BER's indefinite form) and where the content starts. */
const readAsn1Length = (buffer: Buffer, offset: number): { length: number; next: number } | null => {
  if (offset >= buffer.length) return null;
  const first = buffer[offset];
  if (first < 0x80) return { length: first, next: offset + 1 };
  if (first === 0x80) return { length: -1, next: offset + 1 };
  const count = first & 0x7f;
  if (count > 4 || offset + 1 + count > buffer.length) return null;
  let length = 0;
  for (let index = 0; index < count; index += 1) length = length * 256 + buffer[offset + 1 + index];
  return { length, next: offset + 1 + count };
};

// 1.2.840.113549.1.7 (PKCS#7 content types); .1 data or .6 encryptedData / .2 signedData follow.
const pkcs7Prefix = [0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x07];

/**
 * PKCS#12 (RFC 7292): PFX ::= SEQUENCE { version INTEGER (3), authSafe ContentInfo, macData? },
 * ContentInfo ::= SEQUENCE { contentType OID (pkcs7-data or signedData), … }. The outer length
 * must cover the file exactly, which random binary starting with 0x30 does not.
 */
const isPkcs12 = (head: Buffer, size: number): boolean => {
  if (head[0] !== 0x30) return false;
  const outer = readAsn1Length(head, 1);
  if (!outer) return false;
  if (outer.length !== -1 && outer.next + outer.length !== size) return false;
  let offset = outer.next;
  if (!startsWith(head, [0x02, 0x01, 0x03], offset)) return false;
  offset += 3;
  if (head[offset] !== 0x30) return false;
  const authSafe = readAsn1Length(head, offset + 1);
  if (!authSafe) return false;
  offset = authSafe.next;
  return startsWith(head, pkcs7Prefix, offset) && [0x01, 0x02].includes(head[offset + pkcs7Prefix.length]);
};

const mp4Brands = new Set([
  'isom',
  'iso2',
  'iso4',
  'iso5',
  'iso6',
  'mp41',
  'mp42',
  'avc1',
  'M4V ',
  'M4VH',
  'dash',
]);
const m4aBrands = new Set(['M4A ', 'M4B ']);
const heicBrands = new Set(['heic', 'heix', 'hevc', 'hevx', 'mif1', 'msf1', 'avif']);

/**
 * The track kinds of an MP4 whose boxes up to the tracks are in the head: each track's handler
 * box (`hdlr`, then version/flags and pre_defined, then the handler type) names it.
 */
const isoHandlersOf = (head: Buffer): Set<string> => {
  const handlers = new Set<string>();
  for (let at = head.indexOf('hdlr', 0, 'latin1'); at >= 0; at = head.indexOf('hdlr', at + 4, 'latin1'))
    handlers.add(head.subarray(at + 12, at + 16).toString('latin1'));
  return handlers;
};

const detectIsoMedia = (head: Buffer): FileTypeId | null => {
  if (!startsWith(head, 'ftyp', 4)) return null;
  const brand = head.subarray(8, 12).toString('latin1');
  if (m4aBrands.has(brand)) return 'm4a';
  if (heicBrands.has(brand)) return 'heic';
  if (!mp4Brands.has(brand)) return 'binary';
  // Browsers' recorders (Safari's audio/mp4) write a generic brand: sound and no picture is audio.
  const handlers = isoHandlersOf(head);
  return handlers.has('soun') && !handlers.has('vide') ? 'm4a' : 'mp4';
};

/**
 * Matroska/WebM (EBML): WebM only, by its DocType. A file whose codec ids in the head name no
 * video codec (V_VP8, V_VP9, V_AV1…) is audio — what MediaRecorder writes for a voice note.
 */
const detectEbml = (head: Buffer): FileTypeId | null => {
  if (!startsWith(head, [0x1a, 0x45, 0xdf, 0xa3])) return null;
  const docType = head.indexOf(Buffer.from([0x42, 0x82]));
  if (docType < 0 || docType > 64 || head.indexOf('webm', docType, 'latin1') !== docType + 3) return 'binary';
  return /V_[A-Z0-9]/.test(head.toString('latin1')) ? 'webm' : 'weba';
};

/** MPEG audio layer III frame header (MP3 without an ID3 tag). */
const isMp3Frame = (head: Buffer): boolean => {
  if (head.length < 4 || head[0] !== 0xff || (head[1] & 0xe0) !== 0xe0) return false;
  const version = (head[1] >> 3) & 0x03;
  const layer = (head[1] >> 1) & 0x03;
  const bitrate = head[2] >> 4;
  const sampleRate = (head[2] >> 2) & 0x03;
  return version !== 0x01 && layer === 0x01 && bitrate !== 0x0f && bitrate !== 0 && sampleRate !== 0x03;
};

const maxCentralDirectoryBytes = 8 * 1024 * 1024;

/** Entry names of a ZIP archive from its central directory; null when it cannot be read. */
const readZipEntryNames = async (readAt: ReadAt, size: number): Promise<string[] | null> => {
  // End of central directory: 22 bytes plus a comment of up to 64 KiB, at the very end.
  const tailLength = Math.min(size, 22 + 0xffff);
  const tail = await readAt(size - tailLength, tailLength);
  const end = tail.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0 || end + 22 > tail.length) return null;
  const directorySize = tail.readUInt32LE(end + 12);
  const directoryOffset = tail.readUInt32LE(end + 16);
  if (directorySize > maxCentralDirectoryBytes || directoryOffset + directorySize > size) return null;
  const directory = await readAt(directoryOffset, directorySize);
  const names: string[] = [];
  let offset = 0;
  while (offset + 46 <= directory.length && directory.readUInt32LE(offset) === 0x02014b50) {
    const nameLength = directory.readUInt16LE(offset + 28);
    const extraLength = directory.readUInt16LE(offset + 30);
    const commentLength = directory.readUInt16LE(offset + 32);
    names.push(directory.subarray(offset + 46, offset + 46 + nameLength).toString('utf8'));
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return names;
};

const detectZip = async (readAt: ReadAt, size: number): Promise<FileTypeId> => {
  const names = await readZipEntryNames(readAt, size);
  if (!names || !names.includes('[Content_Types].xml')) return 'zip';
  const isOffice = (prefix: string) => names.some((name) => name.startsWith(prefix));
  const office = isOffice('word/') ? 'docx' : isOffice('xl/') ? 'xlsx' : isOffice('ppt/') ? 'pptx' : null;
  if (!office) return 'zip';
  // Macro projects make a document executable; docm/xlsm/pptm are not offered as documents.
  return names.some((name) => name.toLowerCase().endsWith('vbaproject.bin')) ? 'officeMacro' : office;
};

const cfbEndOfChain = 0xfffffffe;
const maxCfbSectors = 1 << 20;

/**
 * Stream names of an OLE compound file (legacy Office, MSI…): header → FAT (through the DIFAT) →
 * the directory's sector chain → 128-byte entries. Bounded, so a crafted file cannot loop.
 */
const readCfbStreamNames = async (readAt: ReadAt, size: number): Promise<string[]> => {
  const header = await readAt(0, 512);
  if (header.length < 512) return [];
  const sectorShift = header.readUInt16LE(0x1e);
  if (sectorShift !== 9 && sectorShift !== 12) return [];
  const sectorSize = 1 << sectorShift;
  const sectorCount = Math.min(Math.floor(size / sectorSize), maxCfbSectors);
  const readSector = (sector: number) =>
    sector < sectorCount ? readAt((sector + 1) * sectorSize, sectorSize) : Promise.resolve(Buffer.alloc(0));

  const fatSectors: number[] = [];
  const fatSectorCount = Math.min(header.readUInt32LE(0x2c), sectorCount);
  for (let index = 0; index < 109 && fatSectors.length < fatSectorCount; index += 1) {
    fatSectors.push(header.readUInt32LE(0x4c + index * 4));
  }
  let difatSector = header.readUInt32LE(0x44);
  for (
    let hops = 0;
    fatSectors.length < fatSectorCount && difatSector < sectorCount && hops < sectorCount;
    hops += 1
  ) {
    const block = await readSector(difatSector);
    if (block.length < sectorSize) break;
    for (let offset = 0; offset < sectorSize - 4 && fatSectors.length < fatSectorCount; offset += 4) {
      fatSectors.push(block.readUInt32LE(offset));
    }
    difatSector = block.readUInt32LE(sectorSize - 4);
  }
  const fat: number[] = [];
  for (const sector of fatSectors) {
    const block = await readSector(sector);
    for (let offset = 0; offset + 4 <= block.length; offset += 4) fat.push(block.readUInt32LE(offset));
  }

  const names: string[] = [];
  const seen = new Set<number>();
  for (let sector = header.readUInt32LE(0x30); sector !== cfbEndOfChain && sector < sectorCount;) {
    if (seen.has(sector)) break;
    seen.add(sector);
    const block = await readSector(sector);
    for (let offset = 0; offset + 128 <= block.length; offset += 128) {
      const nameLength = block.readUInt16LE(offset + 0x40);
      const type = block[offset + 0x42];
      if (type === 2 && nameLength >= 2 && nameLength <= 64) {
        names.push(block.subarray(offset, offset + nameLength - 2).toString('utf16le'));
      }
    }
    sector = fat[sector] ?? cfbEndOfChain;
  }
  return names;
};

const detectCfb = async (readAt: ReadAt, size: number): Promise<FileTypeId> => {
  const names = await readCfbStreamNames(readAt, size);
  if (names.includes('WordDocument')) return 'doc';
  if (names.includes('Workbook') || names.includes('Book')) return 'xls';
  if (names.includes('PowerPoint Document')) return 'ppt';
  return 'ole';
};

const detectText = (sample: ContentSample): FileTypeId => {
  const start = sample.head
    .subarray(0, 4096)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart()
    .slice(0, 1024)
    .toLowerCase();
  // Markup a browser would render (and run): refused everywhere rather than served as text.
  if (start.startsWith('<')) {
    if (start.includes('<svg')) return 'svg';
    if (/<(!doctype html|html|head|body|script|iframe)[\s>]/.test(start)) return 'html';
  }
  return sample.name.toLowerCase().endsWith('.csv') ? 'csv' : 'txt';
};

/** Identifies the file from its content. Empty files are the caller's to refuse before this. */
export const detectFileType = async (readAt: ReadAt, sample: ContentSample): Promise<FileTypeInfo> =>
  fileTypes[await detectFileTypeId(readAt, sample)];

const detectFileTypeId = async (readAt: ReadAt, sample: ContentSample): Promise<FileTypeId> => {
  const { head, size } = sample;
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(head, 'GIF87a') || startsWith(head, 'GIF89a')) return 'gif';
  if (startsWith(head, 'RIFF') && startsWith(head, 'WEBP', 8)) return 'webp';
  if (startsWith(head, 'RIFF') && startsWith(head, 'WAVE', 8)) return 'wav';
  if (startsWith(head, '%PDF-')) return 'pdf';
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04]) || startsWith(head, [0x50, 0x4b, 0x05, 0x06]))
    return detectZip(readAt, size);
  if (startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return detectCfb(readAt, size);
  if (startsWith(head, [0x7f, 0x45, 0x4c, 0x46])) return 'elf';
  if (
    [
      [0xfe, 0xed, 0xfa, 0xce],
      [0xfe, 0xed, 0xfa, 0xcf],
      [0xce, 0xfa, 0xed, 0xfe],
      [0xcf, 0xfa, 0xed, 0xfe],
      [0xca, 0xfe, 0xba, 0xbe],
    ].some((magic) => startsWith(head, magic))
  )
    return 'macho';
  // A PE/DOS header always holds NUL bytes; text that merely begins with "MZ" stays text.
  if (startsWith(head, 'MZ') && !sample.isUtf8Text) return 'exe';
  const isoMedia = detectIsoMedia(head);
  if (isoMedia) return isoMedia;
  const ebml = detectEbml(head);
  if (ebml) return ebml;
  if (startsWith(head, 'OggS')) return 'ogg';
  if (startsWith(head, 'ID3') || isMp3Frame(head)) return 'mp3';
  if (isPkcs12(head, size)) return 'p12';
  if (sample.isUtf8Text) return detectText(sample);
  return 'binary';
};
