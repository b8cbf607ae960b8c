import { Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Cuw } from '@openkefu/contract';
import { WORKBENCH_TOOLS_NS } from './i18n';
import './tools.css';
import { QuickReplyItem } from './QuickReplyItem';
import type { SlashMenu as SlashMenuState } from './useQuickReplies';

export type SlashMenuProps = { menu: SlashMenuState; onChoose: (reply: Cuw) => void };

/** The list above the composer while the input is "/keyword"; the composer handles the keys. */
export const SlashMenu = ({ menu, onChoose }: SlashMenuProps) => {
  const { t } = useTranslation(WORKBENCH_TOOLS_NS);
  if (!menu.isOpen) return null;
  return (
    <div className="ok-wb-cuw__slash" data-testid="slash-menu">
      {menu.isLoading ? (
        <div className="ok-wb-cuw__state">
          <Spin size="small" /> {t('quickReply.loading')}
        </div>
      ) : menu.isError ? (
        <Typography.Text type="danger" className="ok-wb-cuw__state">
          {t('quickReply.failed')}
        </Typography.Text>
      ) : menu.items.length === 0 ? (
        <Typography.Text type="secondary" className="ok-wb-cuw__state">
          {menu.keyword ? t('quickReply.noMatch', { keyword: menu.keyword }) : t('quickReply.empty')}
        </Typography.Text>
      ) : (
        <>
          <ul
            role="listbox"
            id="ok-wb-slash-list"
            aria-label={t('quickReply.slashList')}
            className="ok-wb-cuw__list"
          >
            {menu.items.map((reply, index) => (
              <li
                key={reply.cid}
                id={`ok-wb-slash-${reply.cid}`}
                role="option"
                aria-selected={index === menu.activeIndex}
                className={`ok-wb-cuw__item${index === menu.activeIndex ? ' ok-wb-cuw__item--active' : ''}`}
                onMouseEnter={() => menu.setActive(index)}
                // mousedown, not click: the textarea keeps its focus (and its caret).
                onMouseDown={(event) => {
                  event.preventDefault();
                  onChoose(reply);
                }}
              >
                <QuickReplyItem reply={reply} />
              </li>
            ))}
          </ul>
          <Typography.Text type="secondary" className="ok-wb-cuw__hint">
            {t('quickReply.slashHint')}
          </Typography.Text>
        </>
      )}
    </div>
  );
};
