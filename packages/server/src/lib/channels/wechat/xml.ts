import { XMLParser } from 'fast-xml-parser';

/*
 * WeChat's callbacks are one flat <xml> element. Values stay strings (parseTagValue off), so a
 * 19-digit MsgId or a zero-padded key is not turned into a rounded number.
 */

const parser = new XMLParser({ parseTagValue: false, trimValues: true, processEntities: true });

/** The root element's text children by name (nested elements are left out). */
export const parseWechatXml = (text: string): Record<string, string> => {
  let parsed: unknown;
  try {
    parsed = parser.parse(text);
  } catch {
    return {};
  }
  const root = (parsed as Record<string, unknown> | undefined)?.xml;
  if (!root || typeof root !== 'object') return {};
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(root as Record<string, unknown>))
    if (typeof value === 'string') fields[name] = value;
  return fields;
};

/** `]]>` cannot sit inside one CDATA section: it is split across two. */
const cdataOf = (value: string) => `<![CDATA[${value.replaceAll(']]>', ']]]]><![CDATA[>')}]]>`;

/** An <xml> document as WeChat writes it: numbers bare, text in CDATA. */
export const buildWechatXml = (fields: Record<string, string | number>): string =>
  `<xml>${Object.entries(fields)
    .map(([name, value]) => `<${name}>${typeof value === 'number' ? value : cdataOf(value)}</${name}>`)
    .join('')}</xml>`;
