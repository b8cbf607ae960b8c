import { describe, expect, it } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import type { Message } from '@openkefu/contract';
import { changeLanguage } from '../../../shared/i18n';
import { renderWithProviders } from '../../../shared/testing/renderWithProviders';
import { MessageItem } from './MessageItem';
import { makeAgentMessage, makeMessage } from '../testing/fixtures';
import { TranscriptView } from '../../kefu/thread/TranscriptView';

/* Issue 21's message types in the workbench and in the records' transcript. */

const location = makeMessage({
  seq: 1,
  type: 'location',
  content: '',
  card: { kind: 'location', latitude: 31.2304, longitude: 121.4737, name: 'People’s Square', address: '' },
});
const product = makeAgentMessage({
  seq: 2,
  mid: 'm-2',
  type: 'commodity',
  content: '',
  card: {
    kind: 'commodity',
    title: 'Blue kettle',
    price: '¥129.00',
    image: 'https://cdn.example.com/k.png',
    url: 'https://shop.example.com/k',
  },
});
const link = makeMessage({
  seq: 3,
  mid: 'm-3',
  content: 'Is this in stock? https://shop.example.com/k',
  card: {
    kind: 'link',
    url: 'https://shop.example.com/k',
    title: '<script>alert(1)</script>Blue kettle',
    description: '1.7 L',
    image: 'http://insecure.example/k.png',
    siteName: 'Shop',
  },
});
const voice = makeMessage({ seq: 4, mid: 'm-4', type: 'voice', content: '', fileUrl: '/uploads/v.webm' });
const video = makeMessage({ seq: 5, mid: 'm-5', type: 'shortvideo', content: '', fileUrl: '/uploads/c.mp4' });

const renderItem = (message: Message) =>
  renderWithProviders(
    <MessageItem
      message={message}
      meUid="u-alice"
      threadClient="web"
      now={message.createdAt}
      onResend={() => {}}
      onRecall={() => {}}
      onRedeliver={() => {}}
    />,
  );

describe('message cards in the workbench', () => {
  it('shows a location as an OpenStreetMap link with its coordinates', () => {
    renderItem(location);
    const link = screen.getByTestId('message-location');
    expect(link).toHaveAttribute(
      'href',
      'https://www.openstreetmap.org/?mlat=31.230400&mlon=121.473700#map=16/31.230400/121.473700',
    );
    expect(link).toHaveTextContent('People’s Square');
    expect(link).toHaveTextContent('31.230400, 121.473700');
  });

  it('shows a product card with its price and image', () => {
    renderItem(product);
    const card = screen.getByTestId('message-commodity');
    expect(card).toHaveAttribute('href', 'https://shop.example.com/k');
    expect(card).toHaveTextContent('¥129.00');
    expect(card.querySelector('img')).toHaveAttribute('src', 'https://cdn.example.com/k.png');
  });

  it('shows a link card under the text, as text, without an http image', () => {
    renderItem(link);
    const card = screen.getByTestId('message-link-card');
    expect(card).toHaveTextContent('<script>alert(1)</script>Blue kettle');
    expect(card.querySelector('script')).toBeNull();
    expect(card.querySelector('img')).toBeNull();
    expect(screen.getByText(/Is this in stock\?/)).toBeInTheDocument();
  });

  it('plays voice notes and videos in place', () => {
    renderItem(voice);
    expect(screen.getByTestId('message-voice')).toHaveAttribute('preload', 'metadata');
    renderItem(video);
    expect(screen.getByTestId('message-video')).toHaveAttribute('src', '/uploads/c.mp4');
  });

  it('uses the reader’s language', async () => {
    await act(() => changeLanguage('zh-CN'));
    try {
      renderItem(location);
      expect(screen.getByTestId('message-location')).toHaveTextContent('在 OpenStreetMap 中打开');
    } finally {
      await act(() => changeLanguage('en-US'));
    }
  });
});

describe('message cards in the records’ transcript', () => {
  it('shows every new type', () => {
    renderWithProviders(<TranscriptView messages={[location, product, link, voice, video]} />);
    const log = screen.getByRole('log');
    expect(within(log).getByTestId('message-location')).toHaveTextContent('31.230400, 121.473700');
    expect(within(log).getByTestId('message-commodity')).toHaveTextContent('Blue kettle');
    expect(within(log).getByTestId('message-link-card')).toHaveTextContent('1.7 L');
    expect(within(log).getByTestId('message-voice')).toBeInTheDocument();
    expect(within(log).getByTestId('message-video')).toBeInTheDocument();
  });
});
