import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { setProfile } from '../../../shared/auth/profileStore';
import { changeLanguage } from '../../../shared/i18n';
import { button, fill, findDialog, setupUser } from '../../../shared/testing/dom';
import { renderWithProviders } from '../../../shared/testing/renderWithProviders';
import { adminWithPermissions, page, stubFetch, type Recorded } from '../../../shared/testing/stubFetch';
import { detail, inspection } from '../shared/testData';
import { QualityResultPage } from './QualityResultPage';

let seen: Recorded[] = [];

const scored = { status: 'scored' as const, score: 70, isPassed: true };

const postsTo = (path: string) =>
  seen.filter((request) => request.method === 'POST' && request.path === path).map((request) => request.body);

afterEach(async () => {
  vi.unstubAllGlobals();
  setProfile(null);
  await changeLanguage('en-US');
});

describe('QualityResultPage', { timeout: 60_000 }, () => {
  it('lets the agent read a comment and appeal their own result once', async () => {
    seen = stubFetch({
      'GET /api/quality/result/query': () => page([inspection(scored)]),
      'GET /api/quality/get': () =>
        detail({
          ...scored,
          comments: [
            {
              qcid: 'c-1',
              mid: null,
              content: 'Greet the visitor',
              author: { uid: 'u-c', nickname: 'Checker' },
              createdAt: 0,
            },
          ],
        }),
      'POST /api/quality/appeal': () =>
        detail({
          ...scored,
          status: 'appealed',
          appeal: { reason: 'I did greet', reply: '', at: 0, decidedAt: null },
        }),
    });
    // An agent: no quality permissions, the result's agent.
    setProfile(adminWithPermissions({}, { uid: 'u-agent' }));
    const user = setupUser();
    renderWithProviders(<QualityResultPage />, { path: '/?qid=q-1' });
    const drawer = await findDialog();
    expect(await within(drawer).findByText(/Greet the visitor/)).toBeInTheDocument();
    expect(within(drawer).queryByText('Submit score')).toBeNull();
    expect(within(drawer).queryByText('Comment on this message')).toBeNull();
    await user.click(button(drawer, 'Appeal'));
    expect(await within(drawer).findByText('Explain why the score is wrong')).toBeInTheDocument();
    await fill(user, within(drawer).getByLabelText('Reason'), 'I did greet');
    await user.click(button(drawer, 'Appeal'));
    await waitFor(() =>
      expect(postsTo('/api/quality/appeal')).toEqual([{ qid: 'q-1', reason: 'I did greet' }]),
    );
    expect(await within(drawer).findByText(/I did greet/)).toBeInTheDocument();
    expect(within(drawer).queryByLabelText('Reason')).toBeNull();
  });

  it('lets a checker accept an appeal with a new score', async () => {
    seen = stubFetch({
      'GET /api/quality/result/query': () => page([inspection({ status: 'appealed', score: 30 })]),
      'GET /api/quality/options': () => ({ agents: [], workgroups: [] }),
      'GET /api/quality/get': () =>
        detail({
          status: 'appealed',
          score: 30,
          appeal: { reason: 'Network was down', reply: '', at: 0, decidedAt: null },
        }),
      'POST /api/quality/decide': () => detail({ status: 'accepted', score: 100 }),
    });
    setProfile(
      adminWithPermissions({
        'quality.list': ['query', 'get', 'edit'],
        'quality.result': ['query', 'get', 'edit'],
      }),
    );
    const user = setupUser();
    renderWithProviders(<QualityResultPage />, { path: '/?qid=q-1' });
    const drawer = await findDialog();
    expect(await within(drawer).findByText(/Network was down/)).toBeInTheDocument();
    await fill(user, within(drawer).getByLabelText('Reply to the agent'), 'Fair point');
    const fast = within(drawer).getByLabelText('Fast first response');
    await user.clear(fast);
    await user.type(fast, '5');
    await user.click(button(drawer, 'Accept and rescore'));
    await waitFor(() => expect(postsTo('/api/quality/decide')).toHaveLength(1));
    const body = postsTo('/api/quality/decide')[0] as { items: { key: string; earned: number }[] };
    expect(body).toMatchObject({ qid: 'q-1', decision: 'accept', reply: 'Fair point' });
    expect(body.items.find((item) => item.key === 'fast')?.earned).toBe(5);
    expect(await screen.findByText('Appeal decided')).toBeInTheDocument();
  });
});
