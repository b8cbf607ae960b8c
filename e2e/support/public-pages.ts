/**
 * Fixtures for the public pages outside the console (help centre, forms), made through the API as
 * an organisation's admin would make them. `org` is the organisation's subDomain.
 */

type Envelope<T> = { data: T };

const post = async <T>(baseUrl: string, token: string, path: string, body: unknown): Promise<T> => {
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as Envelope<T>).data;
};

/**
 * A published help-centre article with the markup an editor produces (heading, list, table, link)
 * in a category; returns the path of its public page, which carries the vote script.
 */
export const createHelpArticle = async (baseUrl: string, token: string, org: string): Promise<string> => {
  const { cid } = await post<{ cid: string }>(baseUrl, token, '/api/category/create', {
    type: 'support',
    name: 'Orders',
  });
  const { aid } = await post<{ aid: string }>(baseUrl, token, '/api/article/create', {
    type: 'support',
    status: 'published',
    title: 'How do I return an order?',
    summary: 'Returns are free within 30 days.',
    content:
      '<h2>Before you start</h2><p>Keep the <strong>order number</strong> at hand.</p>' +
      '<ol><li>Open your orders.</li><li>Choose <em>Return</em>.</li></ol>' +
      '<table><thead><tr><th>Item</th><th>Days</th></tr></thead><tbody><tr><td>Shoes</td><td>30</td></tr></tbody></table>' +
      '<p>See <a href="https://example.com/returns">the returns policy</a>.</p>',
    keywords: ['return'],
    categories: [cid],
  });
  return `/help/${org}/article/${aid}`;
};

/** A published questionnaire with one item of each common kind; returns the path of its public page. */
export const createPublishedForm = async (baseUrl: string, token: string): Promise<string> => {
  const { fid } = await post<{ fid: string }>(baseUrl, token, '/api/form/survey/save', {
    title: 'How was your visit?',
    description: 'Two minutes of your time',
    items: [
      {
        key: 'found',
        label: 'Did you find what you needed?',
        type: 'radio',
        required: true,
        options: ['Yes', 'No'],
      },
      {
        key: 'missing',
        label: 'What was missing?',
        type: 'textarea',
        required: false,
        showIf: { key: 'found', values: ['No'] },
      },
      { key: 'topics', label: 'Topics', type: 'checkbox', required: false, options: ['Price', 'Delivery'] },
      { key: 'stars', label: 'Your rating', type: 'rating', required: false, max: 5 },
      { key: 'nps', label: 'Would you recommend us?', type: 'nps', required: false },
      { key: 'mail', label: 'Email', type: 'email', required: false },
    ],
    settings: { onePerVisitor: false, thankYou: 'Thank you!' },
  });
  await post(baseUrl, token, '/api/form/survey/publish', { fid });
  return `/form/${fid}`;
};
