import { useMemo, useState } from 'react';
import { Button, Empty, Input, Popover, Spin, Tooltip, Typography } from 'antd';
import { ThunderboltOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Cuw } from '@openkefu/contract';
import { WORKBENCH_TOOLS_NS } from './i18n';
import { QuickReplyItem } from './QuickReplyItem';
import { matchQuickReplies } from './quickReplies';
import { useQuickReplies } from './useQuickReplies';

/** The composer's quick-reply button: a searchable list (title, shortcut, content); a click inserts. */
export const QuickReplyPicker = ({ onChoose }: { onChoose: (reply: Cuw) => void }) => {
  const { t } = useTranslation(WORKBENCH_TOOLS_NS);
  const [isOpen, setOpen] = useState(false);
  const [keyword, setKeyword] = useState('');
  const replies = useQuickReplies(isOpen);
  const items = useMemo(() => matchQuickReplies(replies.data ?? [], keyword, true), [replies.data, keyword]);

  const choose = (reply: Cuw) => {
    setOpen(false);
    setKeyword('');
    onChoose(reply);
  };

  const body = replies.isPending ? (
    <div className="ok-wb-cuw__state">
      <Spin size="small" /> {t('quickReply.loading')}
    </div>
  ) : replies.isError ? (
    <div className="ok-wb-cuw__state">
      <Typography.Text type="danger">{t('quickReply.failed')}</Typography.Text>{' '}
      <Button size="small" type="link" onClick={() => void replies.refetch()}>
        {t('quickReply.retry')}
      </Button>
    </div>
  ) : items.length === 0 ? (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={keyword ? t('quickReply.noMatch', { keyword }) : t('quickReply.empty')}
    />
  ) : (
    <ul className="ok-wb-cuw__list" aria-label={t('quickReply.button')}>
      {items.map((reply) => (
        <li key={reply.cid}>
          <button type="button" className="ok-wb-cuw__item" onClick={() => choose(reply)}>
            <QuickReplyItem reply={reply} />
          </button>
        </li>
      ))}
    </ul>
  );

  return (
    <Popover
      open={isOpen}
      onOpenChange={setOpen}
      trigger="click"
      placement="topLeft"
      content={
        <div className="ok-wb-cuw__picker" data-testid="quick-reply-picker">
          <Input.Search
            allowClear
            autoFocus
            aria-label={t('quickReply.search')}
            placeholder={t('quickReply.search')}
            value={keyword}
            onChange={(event) => setKeyword(event.target.value)}
          />
          {body}
        </div>
      }
    >
      <Tooltip title={t('quickReply.button')}>
        <Button type="text" icon={<ThunderboltOutlined />} aria-label={t('quickReply.button')} />
      </Tooltip>
    </Popover>
  );
};
