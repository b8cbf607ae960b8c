import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import type { Message } from '@openkefu/contract';
import { setProfile } from '../../../shared/auth/profileStore';
import { changeLanguage } from '../../../shared/i18n';
import { renderWithProviders } from '../../../shared/testing/renderWithProviders';
import { page } from '../shared/testFixtures';
import { button, fill, findDialog, pickOption, rowOf, searchForm, setupUser } from '../shared/testUtils';
import {
  adminWithPermissions,
  makeMessage,
  makeThread,
  queriesTo,
  stubFetch,
  type Recorded,
} from '../thread/testData';
import { MessagePage } from './MessagePage';

const refund = makeMessage({ mid: 'm-1', tid: 't-1', content: 'I need a REFUND for order A1024' });
const chinese = makeMessage({
  mid: 'm-2',
  tid: 't-2',
  content: '我想申请退款',
  sender: { kind: 'visitor', id: 'v-bo', nickname: 'Bo', avatar: '' },
});
const image = makeMessage({
  mid: 'm-3',
  type: 'image',
  content: '',
  imageUrl: 'https://files.example/photo.png',
  thumbUrl: 'https://files.example/photo-thumb.png',
  sender: { kind: 'agent', id: 'u-smith', nickname: 'Agent Smith', avatar: '' },
});
const notice = makeMessage({
  mid: 'm-4',
  type: 'notification_queue_accept',
  content: 'Agent Smith',
  sender: { kind: 'system', id: '', nickname: '', avatar: '' },
});

let rows: Message[] = [];
let seen: Recorded[] = [];

beforeEach(() => {
  rows = [refund, chinese, image, notice];
  seen = stubFetch({
    'GET /api/message/query': (request) => {
      const keyword = request.params.get('keyword');
      return page(keyword ? rows.filter((message) => message.content.includes(keyword)) : rows);
    },
    'GET /api/thread/transcript': () => ({ thread: makeThread({ tid: 't-2' }), messages: [chinese] }),
  });
  setProfile(adminWithPermissions({ kefu: ['query'], 'kefu.message': ['query'] }));
});

afterEach(async () => {
  vi.unstubAllGlobals();
  setProfile(null);
  await changeLanguage('en-US');
});

describe('MessagePage', { timeout: 60_000 }, () => {
  it('lists messages with their sender, type and time; media and notices readable', async () => {
    renderWithProviders(<MessagePage />);
    await screen.findByText('I need a REFUND for order A1024');
    expect(queriesTo(seen, '/api/message/query')).toEqual(['page=0&size=20']);
    const imageRow = screen.getByRole('img', { name: 'Image' }).closest('tr') as HTMLElement;
    expect(within(imageRow).getByRole('img', { name: 'Image' })).toHaveAttribute(
      'src',
      'https://files.example/photo-thumb.png',
    );
    expect(within(imageRow).getByText('Agent')).toBeInTheDocument();
    expect(screen.getByText('Agent Smith accepted the conversation from the queue')).toBeInTheDocument();
    expect(within(rowOf('我想申请退款')).getByText('Bo')).toBeInTheDocument();
  });

  it('searches by keyword and type and marks the keyword in the results', async () => {
    const user = setupUser();
    renderWithProviders(<MessagePage />);
    await screen.findByText('我想申请退款');
    const form = searchForm();
    await fill(user, within(form).getByLabelText('Keyword'), '退款');
    await pickOption(user, form, 'Type', 'Text');
    await user.click(button(form, /^(query|search)$/i));
    await waitFor(() =>
      expect(queriesTo(seen, '/api/message/query')).toContain(
        `page=0&size=20&keyword=${encodeURIComponent('退款')}&type=text`,
      ),
    );
    await waitFor(() => expect(screen.queryByText('I need a REFUND for order A1024')).toBeNull());
    expect(screen.getByText('退款', { selector: 'mark' })).toBeInTheDocument();
  });

  it('says "more than" when the server stopped counting a common word, and the plain total otherwise', async () => {
    renderWithProviders(<MessagePage />);
    expect(await screen.findByText('1-4 of 4 items')).toBeInTheDocument();
    cleanup();
    // Searches count to 1,000 and one past it: that one only says there are more.
    seen = stubFetch({
      'GET /api/message/query': () => ({
        ...page(rows),
        totalElements: 1001,
        totalPages: 51,
        totalCapped: true,
      }),
    });
    renderWithProviders(<MessagePage />);
    expect(await screen.findByText('1-20 of more than 1,000 items')).toBeInTheDocument();
  });

  it('says so when nothing matches', async () => {
    rows = [];
    renderWithProviders(<MessagePage />);
    expect(await screen.findByText('No messages match these filters')).toBeInTheDocument();
  });

  it('opens the conversation a message belongs to', async () => {
    const user = setupUser();
    renderWithProviders(<MessagePage />);
    await screen.findByText('我想申请退款');
    await user.click(within(rowOf('我想申请退款')).getByText('Conversation'));
    const drawer = await findDialog();
    await within(drawer).findByText('Conversation with Ann');
    expect(queriesTo(seen, '/api/thread/transcript')).toEqual(['tid=t-2']);
  });

  it('is labelled in Chinese when the language is zh-CN', async () => {
    await changeLanguage('zh-CN');
    renderWithProviders(<MessagePage />);
    await screen.findByText('我想申请退款');
    expect(screen.getByText('消息记录')).toBeInTheDocument();
    expect(screen.getAllByText('文字').length).toBeGreaterThan(0);
    expect(screen.getAllByText('查看会话').length).toBe(4);
  });
});
