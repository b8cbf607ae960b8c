import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { brotliDecompress } from 'node:zlib';
import fontkit from '@pdf-lib/fontkit';
import {
  PDFDocument,
  TextRenderingMode,
  popGraphicsState,
  pushGraphicsState,
  rgb,
  setLineWidth,
  setTextRenderingMode,
  type PDFFont,
  type PDFPage,
} from 'pdf-lib';

/*
 * A simple generated invoice (issue 20): seller, buyer title and tax id, one line per bill, total,
 * with bilingual labels. Buyer titles are mostly Chinese company names, so the text is set in Noto
 * Sans SC (assets/fonts/README.md: its Simplified Chinese cut, Latin included, as a plain TrueType
 * font without layout tables), embedded as a subset of the glyphs used — a few kilobytes per
 * invoice. One weight is shipped; headings are drawn filled and outlined to read as bold.
 */

export type InvoicePdfInput = {
  ivid: string;
  issuedAt: number;
  seller: string;
  organization: string;
  title: string;
  taxId: string;
  email: string;
  bills: { bid: string; period: string; totalCents: number }[];
  amountCents: number;
};

const fontUrl = new URL('../../../../assets/fonts/NotoSansSC-Regular.ttf.br', import.meta.url);
const unbrotli = promisify(brotliDecompress);
let fontBytes: Promise<Buffer> | undefined;
// Read once per process; a failed read is retried by the next invoice.
const loadFont = (): Promise<Buffer> =>
  (fontBytes ??= readFile(fontUrl)
    .then((packed) => unbrotli(packed))
    .catch((error: unknown) => {
      fontBytes = undefined;
      throw error;
    }));

const yuan = (cents: number): string =>
  (cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** What the font can draw of `text`: a character it has no glyph for (an emoji) becomes `?`. */
const drawable = (font: PDFFont, text: string): string => {
  const supported = new Set(font.getCharacterSet());
  return [...text].map((char) => (supported.has(char.codePointAt(0) ?? 0) ? char : '?')).join('');
};

const ink = rgb(0.1, 0.1, 0.1);
const muted = rgb(0.42, 0.42, 0.42);

export const renderInvoicePdf = async (input: InvoicePdfInput): Promise<Uint8Array> => {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  doc.setTitle(`Invoice ${input.ivid}: ${input.title}`);
  doc.setSubject(`${input.title} · ${input.taxId}`);
  doc.setAuthor(input.seller);
  doc.setCreator('OpenKefu');
  doc.setCreationDate(new Date(input.issuedAt));
  const font = await doc.embedFont(await loadFont(), { subset: true });
  const page: PDFPage = doc.addPage([595.28, 841.89]);
  // Set once: drawText's `font` option adds a resource name per call (same font, 25 names).
  page.setFont(font);
  const left = 56;
  const right = 539;
  let y = 780;
  const text = (
    value: string,
    options: { x?: number; size?: number; isBold?: boolean; isMuted?: boolean; alignRight?: boolean } = {},
  ) => {
    const size = options.size ?? 10.5;
    const shown = drawable(font, value);
    const x = options.alignRight ? right - font.widthOfTextAtSize(shown, size) : (options.x ?? left);
    const color = options.isMuted ? muted : ink;
    if (!options.isBold) {
      page.drawText(shown, { x, y, size, color });
      return;
    }
    page.pushOperators(
      pushGraphicsState(),
      setTextRenderingMode(TextRenderingMode.FillAndOutline),
      setLineWidth(size / 40),
    );
    page.drawText(shown, { x, y, size, color });
    page.pushOperators(popGraphicsState());
  };
  const line = () =>
    page.drawLine({
      start: { x: left, y: y - 7 },
      end: { x: right, y: y - 7 },
      thickness: 0.5,
      color: muted,
    });
  const field = (label: string, value: string) => {
    text(label, { isMuted: true });
    text(value, { x: 170 });
    y -= 17;
  };

  text('发票  INVOICE', { size: 22, isBold: true });
  y -= 32;
  field('发票号 Number', input.ivid);
  field('开具日期 Date', new Date(input.issuedAt).toISOString().slice(0, 10));
  y -= 14;
  text('销售方 Seller', { isBold: true, size: 12 });
  y -= 19;
  field('名称 Name', input.seller);
  y -= 14;
  text('购买方 Buyer', { isBold: true, size: 12 });
  y -= 19;
  field('名称 Title', input.title);
  field('纳税人识别号 Tax ID', input.taxId);
  field('机构 Organisation', input.organization);
  field('邮箱 Email', input.email);
  y -= 20;
  text('账单 Bill', { isBold: true });
  text('月份 Month', { x: 300, isBold: true });
  text('金额 Amount (CNY)', { isBold: true, alignRight: true });
  line();
  for (const bill of input.bills) {
    y -= 19;
    text(bill.bid);
    text(bill.period, { x: 300 });
    text(yuan(bill.totalCents), { alignRight: true });
  }
  line();
  y -= 26;
  text('合计 Total', { isBold: true, size: 12 });
  text(`¥ ${yuan(input.amountCents)}`, { isBold: true, size: 12, alignRight: true });
  return doc.save();
};
