import { Dropdown } from 'antd';
import type { MenuProps } from 'antd';
import { GlobalOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { changeLanguage, SUPPORTED_LANGUAGES, useLanguage } from '../../shared/i18n';

/** en-US / zh-CN. changeLanguage updates i18next, dayjs and the stored choice; AntdProvider follows. */
export const LanguageSwitch = ({ className }: { className?: string }) => {
  const language = useLanguage();
  const { t } = useTranslation();
  const items: MenuProps['items'] = SUPPORTED_LANGUAGES.map((lang) => ({
    key: lang,
    label: t(`shared:language.${lang}`),
  }));
  return (
    <Dropdown
      menu={{
        items,
        selectable: true,
        selectedKeys: [language],
        onClick: ({ key }) => void changeLanguage(key),
      }}
      placement="bottomRight"
    >
      <span
        className={className}
        role="button"
        tabIndex={0}
        aria-label={t('app:frame.language')}
        title={t('app:frame.language')}
      >
        <GlobalOutlined />
      </span>
    </Dropdown>
  );
};
