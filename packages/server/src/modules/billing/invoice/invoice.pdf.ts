import { PDFDocument, StandardFonts, rgb, type PDFFont } from 'pdf-lib';

/*
 * A simple generated invoice (issue 20): seller, buyer title and tax id, one line per bill, total.
 * It uses PDF's built-in Helvetica, which has Latin characters only: embedding a CJK font here
 * would mean shipping megabytes of font, and pdf-lib's subsetting breaks the CID-keyed OpenType
 * CJK fonts available from npm. So text the font cannot draw (a Chinese buyer title) is written
 * in the document's metadata (title, subject), where any viewer shows it as given, and on the
 * page with those characters as `?`. An official fapiao is uploaded as a PDF instead.
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

const yuan = (cents: number): string =>
  (cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** What Helvetica can draw of `text`: each character it cannot encode becomes `?`. */
const drawable = (font: PDFFont, text: string): string =>
  [...text]
    .map((char) => {
      try {
        font.encodeText(char);
        return char;
      } catch {
        return '?';
      }
    })
    .join('');

export const renderInvoicePdf = async (input: InvoicePdfInput): Promise<Uint8Array> => {
  const doc = await PDFDocument.create();
  doc.setTitle(`Invoice ${input.ivid}: ${input.title}`);
  doc.setSubject(`${input.title} · ${input.taxId}`);
  doc.setAuthor(input.seller);
  doc.setCreator('OpenKefu');
  doc.setCreationDate(new Date(input.issuedAt));
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const page = doc.addPage([595.28, 841.89]);
  const left = 56;
  const right = 539;
  let y = 780;
  const text = (
    value: string,
    options: { x?: number; size?: number; isBold?: boolean; alignRight?: boolean } = {},
  ) => {
    const usedFont = options.isBold ? bold : font;
    const size = options.size ?? 11;
    const shown = drawable(usedFont, value);
    const x = options.alignRight ? right - usedFont.widthOfTextAtSize(shown, size) : (options.x ?? left);
    page.drawText(shown, { x, y, size, font: usedFont, color: rgb(0.1, 0.1, 0.1) });
  };
  const line = () =>
    page.drawLine({ start: { x: left, y: y - 6 }, end: { x: right, y: y - 6 }, thickness: 0.5 });

  text('INVOICE', { size: 22, isBold: true });
  y -= 30;
  text(`Number: ${input.ivid}`);
  y -= 16;
  text(`Date: ${new Date(input.issuedAt).toISOString().slice(0, 10)}`);
  y -= 32;
  text('Seller', { isBold: true });
  y -= 16;
  text(input.seller);
  y -= 28;
  text('Buyer', { isBold: true });
  y -= 16;
  text(`Title: ${input.title}`);
  y -= 16;
  text(`Tax ID: ${input.taxId}`);
  y -= 16;
  text(`Organisation: ${input.organization}`);
  y -= 16;
  text(`Email: ${input.email}`);
  y -= 36;
  text('Bill', { isBold: true });
  text('Month', { x: 300, isBold: true });
  text('Amount (CNY)', { isBold: true, alignRight: true });
  line();
  for (const bill of input.bills) {
    y -= 18;
    text(bill.bid);
    text(bill.period, { x: 300 });
    text(yuan(bill.totalCents), { alignRight: true });
  }
  line();
  y -= 24;
  text('Total', { isBold: true });
  text(yuan(input.amountCents), { isBold: true, alignRight: true });
  return doc.save();
};
