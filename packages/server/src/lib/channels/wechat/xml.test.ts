import { describe, expect, it } from 'vitest';
import { buildWechatXml, parseWechatXml } from './xml.js';

describe('WeChat XML', () => {
  it('reads CDATA and bare values as strings, keeping long ids and leading zeros', () => {
    const fields = parseWechatXml(
      '<xml><ToUserName><![CDATA[gh_1]]></ToUserName><Content><![CDATA[a < b & "c"]]></Content>' +
        '<MsgId>6054768590064713728</MsgId><EventKey>007</EventKey><ScanCodeInfo><ScanType>qrcode</ScanType></ScanCodeInfo></xml>',
    );
    expect(fields).toEqual({
      ToUserName: 'gh_1',
      Content: 'a < b & "c"',
      MsgId: '6054768590064713728',
      EventKey: '007',
    });
  });

  it('answers nothing for text that is not a WeChat document', () => {
    expect(parseWechatXml('not xml')).toEqual({});
    expect(parseWechatXml('<other><A>1</A></other>')).toEqual({});
  });

  it('builds what it reads, even with "]]>" inside a value', () => {
    const xml = buildWechatXml({ Content: 'x]]>y', CreateTime: 1409735668 });
    expect(xml).toContain('<CreateTime>1409735668</CreateTime>');
    expect(parseWechatXml(xml)).toEqual({ Content: 'x]]>y', CreateTime: '1409735668' });
  });
});
