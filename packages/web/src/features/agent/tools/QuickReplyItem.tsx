import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Cuw } from '@openkefu/contract';
import { WORKBENCH_TOOLS_NS } from './i18n';

/** One reply in the picker or the "/" menu: title, shortcut, scope, and the start of its text. */
export const QuickReplyItem = ({ reply }: { reply: Cuw }) => {
  const { t } = useTranslation(WORKBENCH_TOOLS_NS);
  return (
    <span className="ok-wb-cuw__item-body">
      <span className="ok-wb-cuw__item-top">
        <Typography.Text strong ellipsis>
          {reply.name}
        </Typography.Text>
        {reply.shortCut && <Typography.Text code>/{reply.shortCut}</Typography.Text>}
        <Tag bordered={false}>{t(`quickReply.scope.${reply.scope}`)}</Tag>
      </span>
      <Typography.Text type="secondary" ellipsis className="ok-wb-cuw__item-content">
        {reply.content}
      </Typography.Text>
    </span>
  );
};
