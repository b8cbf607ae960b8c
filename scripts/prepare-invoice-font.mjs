// Makes packages/server/assets/fonts/NotoSansSC-Regular.ttf.br from Fontsource's WOFF (see the README
// there): node scripts/prepare-invoice-font.mjs <noto-sans-sc-chinese-simplified-400-normal.woff>
import { readFileSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, constants, inflateSync } from 'node:zlib';

const [source] = process.argv.slice(2);
if (!source) throw new Error('usage: prepare-invoice-font.mjs <font.woff>');
const target = new URL('../packages/server/assets/fonts/NotoSansSC-Regular.ttf.br', import.meta.url);
// Layout and vertical tables: left-to-right text of single characters needs none of them.
const dropped = new Set(['GSUB', 'GPOS', 'GDEF', 'BASE', 'STAT', 'vhea', 'vmtx']);

const woff = readFileSync(source);
if (woff.toString('latin1', 0, 4) !== 'wOFF') throw new Error('not a WOFF 1.0 font');
const tables = [];
for (let index = 0; index < woff.readUInt16BE(12); index += 1) {
  const entry = 44 + index * 20;
  const tag = woff.toString('latin1', entry, entry + 4);
  const offset = woff.readUInt32BE(entry + 4);
  const packedLength = woff.readUInt32BE(entry + 8);
  const length = woff.readUInt32BE(entry + 12);
  const packed = woff.subarray(offset, offset + packedLength);
  if (!dropped.has(tag))
    tables.push({ tag, data: Buffer.from(packedLength < length ? inflateSync(packed) : packed) });
}
tables.sort((a, b) => (a.tag < b.tag ? -1 : 1));
const table = (tag) => tables.find((item) => item.tag === tag);

// Every glyph padded to 4 bytes, with a long loca: fontkit's subsetter (pdf-lib) copies glyphs as
// they are and writes a short loca when it fits, which halves offsets — an odd-length glyph
// shifts every glyph after it.
{
  const head = table('head');
  const loca = table('loca');
  const glyf = table('glyf');
  const glyphCount = table('maxp').data.readUInt16BE(4);
  const isLong = head.data.readInt16BE(50) === 1;
  const offsetOf = (glyph) =>
    isLong ? loca.data.readUInt32BE(glyph * 4) : loca.data.readUInt16BE(glyph * 2) * 2;
  const glyphs = [];
  const offsets = Buffer.alloc((glyphCount + 1) * 4);
  let position = 0;
  for (let glyph = 0; glyph < glyphCount; glyph += 1) {
    const data = glyf.data.subarray(offsetOf(glyph), offsetOf(glyph + 1));
    const padding = Buffer.alloc((4 - (data.length % 4)) % 4);
    offsets.writeUInt32BE(position, glyph * 4);
    glyphs.push(data, padding);
    position += data.length + padding.length;
  }
  offsets.writeUInt32BE(position, glyphCount * 4);
  glyf.data = Buffer.concat(glyphs);
  loca.data = offsets;
  head.data.writeInt16BE(1, 50);
}

const checksum = (data) => {
  const padded = Buffer.concat([data, Buffer.alloc((4 - (data.length % 4)) % 4)]);
  let sum = 0;
  for (let at = 0; at < padded.length; at += 4) sum = (sum + padded.readUInt32BE(at)) >>> 0;
  return sum;
};
const header = Buffer.alloc(12 + 16 * tables.length);
woff.copy(header, 0, 4, 8); // the sfnt version (flavour)
const selector = Math.floor(Math.log2(tables.length));
header.writeUInt16BE(tables.length, 4);
header.writeUInt16BE(2 ** selector * 16, 6);
header.writeUInt16BE(selector, 8);
header.writeUInt16BE(tables.length * 16 - 2 ** selector * 16, 10);
const parts = [header];
let offset = header.length;
let headOffset = 0;
tables.forEach(({ tag, data }, index) => {
  if (tag === 'head') {
    data.writeUInt32BE(0, 8); // checkSumAdjustment, set below
    headOffset = offset;
  }
  const record = 12 + index * 16;
  header.write(tag, record, 'latin1');
  header.writeUInt32BE(checksum(data), record + 4);
  header.writeUInt32BE(offset, record + 8);
  header.writeUInt32BE(data.length, record + 12);
  const padding = Buffer.alloc((4 - (data.length % 4)) % 4);
  parts.push(data, padding);
  offset += data.length + padding.length;
});
const font = Buffer.concat(parts);
font.writeUInt32BE((0xb1b0afba - checksum(font)) >>> 0, headOffset + 8);
writeFileSync(
  target,
  brotliCompressSync(font, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: font.length },
  }),
);
console.log(`${tables.map(({ tag }) => tag).join(' ')}: ${font.length} bytes`);
