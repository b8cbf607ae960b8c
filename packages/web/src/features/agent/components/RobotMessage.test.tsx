import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { Message, RobotReply } from '@openkefu/contract';
import { changeLanguage } from '../../../shared/i18n';
import { renderWithProviders } from '../../../shared/testing/renderWithProviders';
import { makeMessage, makeThread } from '../testing/fixtures';
import { installWorkbenchServer, renderWorkbench } from '../testing/renderWorkbench';
import { htmlToText, RobotMessage } from './RobotMessage';

const server = installWorkbenchServer();

afterEach(async () => {
  await changeLanguage('en-US');
});

const robot = { kind: 'robot' as const, id: 'r-1', nickname: 'Robo', avatar: '' };

const robotMessage = (seq: number, reply: RobotReply): Message =>
  makeMessage({ seq, type: 'robot', content: JSON.stringify(reply), sender: robot });

const answer: RobotReply = {
  kind: 'answer',
  question: 'how do i get a refund',
  source: 'faq',
  aid: 'f-1',
  title: 'How do I get a refund?',
  answer:
    '<p>Refunds take <strong>7 days</strong>.</p><ul><li>Open your order</li><li>Press refund</li></ul>' +
    '<img src="x" onerror="window.hacked=1" alt="steps">',
  url: '',
  related: [{ aid: 'f-2', question: 'Can I cancel?' }],
  rating: 'useless',
};

describe('the robot in the workbench', () => {
  it('reads an answer’s HTML as text with its lines, never as markup', () => {
    expect(htmlToText(answer.answer)).toBe(
      'Refunds take 7 days.\n• Open your order\n• Press refund\n[steps]',
    );
    expect(htmlToText('a<br>b<script>alert(1)</script>')).toBe('a\nb');
  });

  it('shows the question the robot answered, the answer as text and the visitor’s rating', () => {
    const { container } = renderWithProviders(<RobotMessage content={JSON.stringify(answer)} />);
    const shown = screen.getByTestId('robot-message');
    expect(within(shown).getByText('Robot answer')).toBeInTheDocument();
    expect(within(shown).getByText('Not helpful')).toBeInTheDocument();
    expect(shown).toHaveTextContent('Visitor asked: how do i get a refund');
    expect(shown).toHaveTextContent('FAQ: How do I get a refund?');
    expect(shown).toHaveTextContent('Related questions: Can I cancel?');
    expect(screen.getByTestId('robot-answer').textContent).toBe(
      'Refunds take 7 days.\n• Open your order\n• Press refund\n[steps]',
    );
    expect(screen.getByTestId('robot-answer').children).toHaveLength(0);
    expect(container.querySelector('li, img')).toBeNull();
    expect((window as { hacked?: number }).hacked).toBeUndefined();
  });

  it('shows a large-model answer as text with the sources it used', () => {
    const generated: RobotReply = {
      kind: 'generated',
      question: 'how long is a refund?',
      answer: '<p>Up to <strong>seven days</strong> [1].</p>',
      streamId: 's-1',
      sources: [
        { source: 'faq', aid: 'f-1', title: 'How do I get a refund?', url: '' },
        { source: 'article', aid: 'a-1', title: 'Refund policy', url: '/help/acme/article/a-1' },
      ],
      rating: 'helpful',
    };
    renderWithProviders(<RobotMessage content={JSON.stringify(generated)} />);
    const shown = screen.getByTestId('robot-message');
    expect(within(shown).getByText('Robot answer (large model)')).toBeInTheDocument();
    expect(within(shown).getByText('Helpful')).toBeInTheDocument();
    expect(screen.getByTestId('robot-answer').textContent).toBe('Up to seven days [1].');
    expect(shown).toHaveTextContent('Sources: How do I get a refund? · Refund policy');
  });

  it('says when the robot asked for contact details and what the visitor left', () => {
    renderWithProviders(
      <RobotMessage
        content={JSON.stringify({
          kind: 'lead',
          text: '',
          done: true,
          name: 'Lin Wei',
          mobile: '138****8000',
        })}
      />,
    );
    expect(screen.getByTestId('robot-message')).toHaveTextContent(
      'Robot: contact detailsThe visitor left their details: Lin Wei, 138****8000.',
    );
  });

  it('shows the welcome, "did you mean" and a miss in the agent’s language', async () => {
    await changeLanguage('zh-CN');
    renderWithProviders(
      <>
        <RobotMessage
          content={JSON.stringify({
            kind: 'welcome',
            text: '您好，我是小助手',
            faqs: [{ aid: 'f-1', question: '怎么退款' }],
            quickButtons: [{ qbid: 'q-1', label: '转人工', action: 'transfer', content: '' }],
          } satisfies RobotReply)}
        />
        <RobotMessage
          content={JSON.stringify({
            kind: 'suggest',
            question: '退宽',
            text: '',
            candidates: [{ source: 'faq', aid: 'f-1', question: '怎么退款' }],
          } satisfies RobotReply)}
        />
        <RobotMessage
          content={JSON.stringify({
            kind: 'none',
            question: '斑马',
            text: '抱歉，我还不知道',
            faqs: [],
          } satisfies RobotReply)}
        />
        <RobotMessage content="not a reply" />
      </>,
    );
    const [welcome, suggest, none] = screen.getAllByTestId('robot-message');
    expect(welcome).toHaveTextContent('机器人欢迎语');
    expect(welcome).toHaveTextContent('推荐问题: 怎么退款');
    expect(welcome).toHaveTextContent('快捷按钮: 转人工');
    expect(suggest).toHaveTextContent('访客提问: 退宽');
    expect(suggest).toHaveTextContent('候选问题: 怎么退款');
    expect(none).toHaveTextContent('机器人：未找到答案');
    expect(none).toHaveTextContent('抱歉，我还不知道');
    expect(screen.getByText('[机器人消息]')).toBeInTheDocument();
  });

  it('shows the robot part of a handed-over conversation under the robot’s name', async () => {
    server.lists.current = [makeThread({ type: 'robot_to_agent', seq: 3 })];
    server.history['t-1'] = [
      robotMessage(1, { kind: 'welcome', text: 'Hi, I am Robo', faqs: [], quickButtons: [] }),
      makeMessage({ seq: 2, content: 'how do i get a refund' }),
      robotMessage(3, { ...answer, rating: null }),
    ];
    renderWorkbench({ path: '/agent/t-1' });
    const list = await screen.findByTestId('message-list');
    const robotRows = (await within(list).findAllByTestId('robot-message')).map(
      (node) => node.closest('[data-testid="message"]') as HTMLElement,
    );
    expect(robotRows).toHaveLength(2);
    expect(within(robotRows[1] as HTMLElement).getByText('Robo')).toBeInTheDocument();
    expect(within(robotRows[1] as HTMLElement).getByText('Not rated')).toBeInTheDocument();
    expect(list).toHaveTextContent('Hi, I am Robo');
    expect(list).not.toHaveTextContent('"kind"');
  });
});
