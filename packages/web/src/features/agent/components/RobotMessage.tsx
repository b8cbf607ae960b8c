import { useMemo, type ReactNode } from 'react';
import { Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { parseRobotReply, type RobotReply } from '@openkefu/contract';
import { WORKBENCH_NS } from '../i18n';

const blockTags = 'p,div,li,h1,h2,h3,h4,h5,h6,blockquote,pre,tr,table,ul,ol';

/**
 * A robot answer's HTML as plain text for the agent. The workbench never renders HTML: the answer
 * is parsed into an inert document (no scripts run, no images load) and only its text is kept,
 * with line breaks where blocks and list items were.
 */
export const htmlToText = (html: string): string => {
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  body.querySelectorAll('script,style,template').forEach((node) => node.remove());
  body.querySelectorAll('img').forEach((image) => image.replaceWith(image.alt ? `[${image.alt}]` : ''));
  body.querySelectorAll('br').forEach((node) => node.replaceWith('\n'));
  body.querySelectorAll('li').forEach((item) => item.prepend('• '));
  body.querySelectorAll('td,th').forEach((cell) => cell.append(' '));
  body.querySelectorAll(blockTags).forEach((block) => block.append('\n'));
  return (body.textContent ?? '')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{2,}/g, '\n')
    .trim();
};

// The help centre's pages are on this server; anything else must be http(s).
const isPageUrl = (url: string) => /^(?:https?:\/\/|\/(?!\/))/i.test(url);

const Line = ({ label, children }: { label: string; children: ReactNode }) => (
  <Typography.Text type="secondary">
    {label}: {children}
  </Typography.Text>
);

const listOf = (items: { question: string }[]) => items.map((item) => item.question).join(' · ');

const Reply = ({ reply }: { reply: RobotReply }) => {
  const { t } = useTranslation(WORKBENCH_NS);
  const answerText = useMemo(
    () => (reply.kind === 'answer' || reply.kind === 'generated' ? htmlToText(reply.answer) : ''),
    [reply],
  );
  switch (reply.kind) {
    case 'welcome':
      return (
        <>
          {reply.text && <div className="ok-wb-msg__text">{reply.text}</div>}
          {reply.faqs.length > 0 && <Line label={t('robot.faqs')}>{listOf(reply.faqs)}</Line>}
          {reply.quickButtons.length > 0 && (
            <Line label={t('robot.quickButtons')}>
              {reply.quickButtons.map((button) => button.label).join(' · ')}
            </Line>
          )}
        </>
      );
    case 'answer':
      return (
        <>
          <Line label={t('robot.asked')}>{reply.question}</Line>
          <Typography.Text strong>
            {t(reply.source === 'faq' ? 'robot.fromFaq' : 'robot.fromArticle')}: {reply.title}
          </Typography.Text>
          <div className="ok-wb-msg__text" data-testid="robot-answer">
            {answerText}
          </div>
          {reply.source === 'article' && isPageUrl(reply.url) && (
            <a href={reply.url} target="_blank" rel="noopener noreferrer">
              {t('robot.openArticle')}
            </a>
          )}
          {reply.related.length > 0 && <Line label={t('robot.related')}>{listOf(reply.related)}</Line>}
        </>
      );
    case 'generated':
      return (
        <>
          <Line label={t('robot.asked')}>{reply.question}</Line>
          <div className="ok-wb-msg__text" data-testid="robot-answer">
            {answerText}
          </div>
          {reply.sources.length > 0 && (
            <Line label={t('robot.sources')}>{reply.sources.map((source) => source.title).join(' · ')}</Line>
          )}
        </>
      );
    case 'lead':
      return (
        <div className="ok-wb-msg__text">
          {reply.done
            ? t('robot.leadLeft', { name: reply.name, mobile: reply.mobile })
            : t('robot.leadAsked')}
        </div>
      );
    case 'suggest':
      return (
        <>
          <Line label={t('robot.asked')}>{reply.question}</Line>
          <Line label={t('robot.suggest')}>{listOf(reply.candidates)}</Line>
        </>
      );
    case 'none':
      return (
        <>
          <Line label={t('robot.asked')}>{reply.question}</Line>
          {reply.text && <div className="ok-wb-msg__text">{reply.text}</div>}
          {reply.faqs.length > 0 && <Line label={t('robot.faqs')}>{listOf(reply.faqs)}</Line>}
        </>
      );
  }
};

const verdictTag = (reply: RobotReply, t: (key: string) => string) => {
  if (reply.kind === 'answer' || reply.kind === 'generated') {
    if (reply.rating === 'helpful') return <Tag color="success">{t('robot.helpful')}</Tag>;
    if (reply.rating === 'useless') return <Tag color="error">{t('robot.useless')}</Tag>;
    return <Tag>{t('robot.unrated')}</Tag>;
  }
  return null;
};

/**
 * What the robot said before the chat was handed over (message type `robot`), so the agent who
 * takes it reads the robot part: the visitor's question, the answer as text, and how it was rated.
 */
export const RobotMessage = ({ content }: { content: string }) => {
  const { t } = useTranslation(WORKBENCH_NS);
  const reply = useMemo(() => parseRobotReply(content), [content]);
  if (!reply) return <div className="ok-wb-msg__text">{t('robot.unreadable')}</div>;
  return (
    <Flex vertical gap={4} data-testid="robot-message" data-kind={reply.kind}>
      <Flex gap={4} wrap>
        <Tag color={reply.kind === 'none' || reply.kind === 'suggest' ? 'warning' : 'blue'}>
          {t(`robot.kind.${reply.kind}`)}
        </Tag>
        {verdictTag(reply, t)}
      </Flex>
      <Reply reply={reply} />
    </Flex>
  );
};
