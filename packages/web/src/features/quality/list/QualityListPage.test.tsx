import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { setProfile } from '../../../shared/auth/profileStore';
import { changeLanguage } from '../../../shared/i18n';
import { button, fill, findDialog, setupUser } from '../../../shared/testing/dom';
import { renderWithProviders } from '../../../shared/testing/renderWithProviders';
import {
  adminWithPermissions,
  errorResponse,
  page,
  queriesTo,
  stubFetch,
  type Recorded,
  type Routes,
} from '../../../shared/testing/stubFetch';
import { detail, inspection } from '../shared/testData';
import { QualityListPage } from './QualityListPage';

let seen: Recorded[] = [];

const start = (extra: Routes = {}) => {
  seen = stubFetch({
    'GET /api/quality/query': () =>
      page([
        inspection(),
        inspection({ qid: 'q-2', visitorNickname: 'Otto', status: 'scored', score: 85, isPassed: true }),
      ]),
    'GET /api/quality/options': () => ({
      agents: [{ uid: 'u-agent', nickname: 'Agent Smith' }],
      workgroups: [],
    }),
    'GET /api/quality/get': () => detail(),
    ...extra,
  });
};

const postsTo = (path: string) =>
  seen.filter((request) => request.method === 'POST' && request.path === path).map((request) => request.body);

beforeEach(() => {
  start();
  setProfile(adminWithPermissions({ 'quality.list': ['query', 'get', 'add', 'edit'] }));
});

afterEach(async () => {
  vi.unstubAllGlobals();
  setProfile(null);
  await changeLanguage('en-US');
});

describe('QualityListPage', { timeout: 60_000 }, () => {
  it('lists the queue with sources and scores', async () => {
    renderWithProviders(<QualityListPage />);
    expect(await screen.findByText('Vera')).toBeInTheDocument();
    expect(screen.getByText('85')).toBeInTheDocument();
    expect(screen.getAllByText('Low rating').length).toBeGreaterThan(0);
    await waitFor(() => expect(queriesTo(seen, '/api/quality/query').at(-1)).toBe('page=0&size=20'));
  });

  it('shows the transcript beside the pre-filled scheme, previews the score and submits it', async () => {
    start({ 'POST /api/quality/score': () => detail({ status: 'scored', score: 30 }) });
    const user = setupUser();
    renderWithProviders(<QualityListPage />, { path: '/?qid=q-1' });
    const drawer = await findDialog();
    expect(await within(drawer).findByText('Where is my parcel?')).toBeInTheDocument();
    expect(within(drawer).getByText('First response after 90 s (limit 60 s)')).toBeInTheDocument();
    // Pre-filled: politeness full (30), fast response lost (0 of 70) → 30.
    expect(within(drawer).getByText('Score 30 / 100 — pass mark 60')).toBeInTheDocument();
    const fast = within(drawer).getByLabelText('Fast first response');
    await user.clear(fast);
    await user.type(fast, '5');
    await waitFor(() =>
      expect(within(drawer).getByText('Score 100 / 100 — pass mark 60')).toBeInTheDocument(),
    );
    await user.click(within(drawer).getByLabelText('No sensitive words'));
    expect(within(drawer).getByText('Fatal item hit: the score is 0')).toBeInTheDocument();
    await user.click(within(drawer).getByLabelText('No sensitive words'));
    await user.click(button(drawer, 'Submit score'));
    await waitFor(() => expect(postsTo('/api/quality/score')).toHaveLength(1));
    const body = postsTo('/api/quality/score')[0] as {
      qid: string;
      items: { key: string; earned: number; hit: boolean }[];
    };
    expect(body.qid).toBe('q-1');
    expect(body.items.find((item) => item.key === 'fast')?.earned).toBe(5);
    expect(body.items.find((item) => item.key === 'abuse')?.hit).toBe(false);
    expect(await screen.findByText('Score saved: 30')).toBeInTheDocument();
  });

  it('anchors a comment to a message', async () => {
    start({
      'POST /api/quality/comment': () =>
        detail({
          comments: [
            {
              qcid: 'c-1',
              mid: 'm-2',
              content: 'Too slow',
              author: { uid: 'u', nickname: 'Boss' },
              createdAt: 0,
            },
          ],
        }),
    });
    const user = setupUser();
    renderWithProviders(<QualityListPage />, { path: '/?qid=q-1' });
    const drawer = await findDialog();
    await within(drawer).findByText('Let me check.');
    await user.click(within(drawer).getAllByText('Comment on this message')[1] as HTMLElement);
    expect(within(drawer).getByText('On the message: “Let me check.”')).toBeInTheDocument();
    await fill(user, within(drawer).getByLabelText('Comments'), 'Too slow');
    await user.click(button(drawer, 'Add comment'));
    await waitFor(() =>
      expect(postsTo('/api/quality/comment')).toEqual([{ qid: 'q-1', mid: 'm-2', content: 'Too slow' }]),
    );
    expect(await within(drawer).findByText('Boss: Too slow')).toBeInTheDocument();
  });

  it('samples now and adds a conversation by id', async () => {
    start({
      'POST /api/quality/sample': () => ({ added: 3, examined: 10 }),
      'POST /api/quality/add': () => errorResponse(409, 'This conversation is already in quality inspection'),
    });
    const user = setupUser();
    renderWithProviders(<QualityListPage />);
    await screen.findByText('Vera');
    await user.click(screen.getByText('Sample now', { selector: 'button *' }));
    const dialog = await findDialog();
    await user.click(button(dialog, 'Sample now'));
    expect(await screen.findByText('3 of 10 conversations added to the queue')).toBeInTheDocument();
    const body = postsTo('/api/quality/sample')[0] as { from: number; to: number };
    expect(body.to - body.from).toBeGreaterThan(6 * 86_400_000);
    await user.click(screen.getByText('Add a conversation', { selector: 'button *' }));
    const addDialog = await findDialog();
    await fill(user, within(addDialog).getByLabelText('Conversation id'), 't-9');
    await user.click(button(addDialog, 'Add'));
    await waitFor(() => expect(postsTo('/api/quality/add')).toEqual([{ tid: 't-9' }]));
    expect(await screen.findByText('This conversation is already in quality inspection')).toBeInTheDocument();
  });

  it('speaks Chinese and shows the empty queue', async () => {
    await changeLanguage('zh-CN');
    start({ 'GET /api/quality/query': () => page([]) });
    renderWithProviders(<QualityListPage />);
    expect(
      await screen.findByText('暂无待评分会话。会话结束时抽检规则会自动加入队列，也可以立即抽检。'),
    ).toBeInTheDocument();
  });
});
