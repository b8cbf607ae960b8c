import fontkit from '@pdf-lib/fontkit';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, decodePDFRawStream } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { renderInvoicePdf, type InvoicePdfInput } from './invoice.pdf.js';

const input: InvoicePdfInput = {
  ivid: 'IV20260301',
  issuedAt: Date.UTC(2026, 2, 1),
  seller: 'OpenKefu 云客服',
  organization: '北京示例',
  title: '北京示例科技有限公司 😀',
  taxId: '91110000MA01ABCD2X',
  email: 'finance@example.org',
  bills: [{ bid: 'B202602', period: '2026-02', totalCents: 123_456 }],
  amountCents: 123_456,
};

/** The page's one font: its Type 0 dictionary, the embedded font file and the text it maps back to. */
const fontOf = async (bytes: Uint8Array) => {
  const doc = await PDFDocument.load(bytes);
  const page = doc.getPage(0);
  const fonts = page.node.Resources()?.lookup(PDFName.of('Font'), PDFDict);
  const names = fonts?.keys() ?? [];
  expect(names).toHaveLength(1);
  const font = fonts!.lookup(names[0]!, PDFDict);
  const descendant = font.lookup(PDFName.of('DescendantFonts'), PDFArray).lookup(0, PDFDict);
  const descriptor = descendant.lookup(PDFName.of('FontDescriptor'), PDFDict);
  const streamOf = (dict: PDFDict, key: string) => {
    const stream = dict.lookup(PDFName.of(key));
    if (!(stream instanceof PDFRawStream)) throw new Error(`${key} is not a stream`);
    return Buffer.from(decodePDFRawStream(stream).decode());
  };
  const fontFile = streamOf(descriptor, 'FontFile2');
  const cmap = streamOf(font, 'ToUnicode').toString('latin1');
  // bfchar/bfrange entries end in the UTF-16 code of the character: collect them as text.
  const mapped = [...cmap.matchAll(/<[0-9a-f]{4}> <([0-9a-f]{4,8})>/gi)]
    .map((match) => Buffer.from(match[1]!, 'hex').swap16().toString('utf16le'))
    .join('');
  return {
    subtype: font.get(PDFName.of('Subtype'))?.toString(),
    fontFile,
    mapped,
  };
};

describe('the generated invoice PDF', () => {
  it('embeds a subset of a CJK font, so Chinese titles print as given', async () => {
    const bytes = await renderInvoicePdf(input);
    const font = await fontOf(bytes);
    expect(font.subtype).toBe('/Type0');
    for (const char of '北京示例科技有限公司发票金额云客服¥INVOICE9') expect(font.mapped).toContain(char);
    // Only the glyphs used: a few kilobytes, not the 2.5 MB font.
    expect(font.fontFile.length).toBeLessThan(60_000);
    expect(bytes.length).toBeLessThan(80_000);
    // Every glyph of the subset is whole (a misaligned glyph table draws blanks or fails to parse).
    const subset = fontkit.create(font.fontFile);
    const outlined = Array.from(
      { length: subset.numGlyphs },
      (_, id) => subset.getGlyph(id).path.toSVG().length,
    );
    expect(outlined.filter((svgLength) => svgLength === 0)).toHaveLength(1); // the space
  });

  it('draws characters the font lacks as ? and keeps the title whole in the properties', async () => {
    const bytes = await renderInvoicePdf(input);
    const font = await fontOf(bytes);
    expect(font.mapped).not.toContain('😀');
    expect(font.mapped).toContain('?');
    const doc = await PDFDocument.load(bytes);
    expect(doc.getTitle()).toBe('Invoice IV20260301: 北京示例科技有限公司 😀');
  });

  it('subsets per invoice: another title embeds other glyphs', async () => {
    const other = await fontOf(await renderInvoicePdf({ ...input, title: '上海龘犇鑫有限公司' }));
    expect(other.mapped).toContain('龘');
    expect(other.mapped).not.toContain('科');
  });
});
