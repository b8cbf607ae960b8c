import { describe, expect, it } from 'vitest';
import { createKefuClient } from './client.js';
import { KefuError } from './errors.js';

/* The product an app passes to send(): checked before anything goes out (issue 21). */

describe('send a product', () => {
  const client = createKefuClient({
    baseUrl: 'http://127.0.0.1:9',
    org: 'acme',
    fetch: () => Promise.reject(new Error('no network in this test')),
  });

  it('refuses a product whose address is not http(s), naming the field, without calling the server', async () => {
    const sent = client.send({
      tid: 't-1',
      type: 'commodity',
      commodity: { title: 'Kettle', price: '¥129', url: 'javascript:alert(1)' },
    });
    await expect(sent).rejects.toBeInstanceOf(KefuError);
    await expect(sent).rejects.toMatchObject({ status: 400, fields: [{ field: 'commodity.url' }] });
  });

  it('refuses an image that is not https', async () => {
    await expect(
      client.send({
        tid: 't-1',
        type: 'commodity',
        commodity: { title: 'Kettle', url: 'https://shop.example/k', image: 'http://img.example/k.png' },
      }),
    ).rejects.toMatchObject({ fields: [{ field: 'commodity.image' }] });
  });
});
