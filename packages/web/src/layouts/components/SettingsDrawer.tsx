import type { ReactNode } from 'react';
import { Button, Divider, Drawer, Segmented, Select, Space, Switch, Tooltip, Typography } from 'antd';
import { CopyOutlined, UndoOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ThemeColorPicker } from '../../shared/components/ThemeColorPicker';
import { changeLanguage, SUPPORTED_LANGUAGES, useLanguage } from '../../shared/i18n';
import { copyText } from '../../shared/utils/copy';
import {
  formatSettingsForCopy,
  getDisabledSettings,
  type ContentWidth,
  type LayoutMode,
  type NavTheme,
} from '../../shared/settings/settings';
import { settingsStore, useSettings } from '../../shared/settings/useSettings';

const Row = ({ label, hint, children }: { label: string; hint?: string; children: ReactNode }) => (
  <div
    className="ok-settings__row"
    style={{
      display: 'flex',
      alignItems: 'center',
      justifyContent: 'space-between',
      gap: 12,
      padding: '8px 0',
    }}
  >
    <Tooltip title={hint}>
      <span>{label}</span>
    </Tooltip>
    {children}
  </div>
);

/**
 * Display settings of spec §3/§4/§9, stored under `pro__` keys by the settings store, which
 * also enforces the rules (fixed header off → auto-hide off; top menu → fixed sidebar off).
 */
export const SettingsDrawer = ({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) => {
  const { t } = useTranslation('app');
  const settings = useSettings();
  const language = useLanguage();
  const disabled = getDisabledSettings(settings);
  const update = settingsStore.update;

  return (
    <Drawer title={t('settings.title')} open={isOpen} onClose={onClose} size={320} className="ok-settings">
      <Typography.Title level={5}>{t('settings.pageStyle')}</Typography.Title>
      <Segmented<NavTheme>
        block
        value={settings.theme}
        onChange={(theme) => update({ theme })}
        options={[
          { value: 'dark', label: t('settings.themeDark') },
          { value: 'light', label: t('settings.themeLight') },
        ]}
      />

      <Divider />
      <ThemeColorPicker
        title={t('settings.primaryColor')}
        value={settings.primaryColor}
        onChange={(primaryColor) => update({ primaryColor })}
      />

      <Divider />
      <Typography.Title level={5}>{t('settings.navigation')}</Typography.Title>
      <Segmented<LayoutMode>
        block
        value={settings.layout}
        onChange={(layout) => update({ layout })}
        options={[
          { value: 'sidemenu', label: t('settings.sidemenu') },
          { value: 'topmenu', label: t('settings.topmenu') },
        ]}
      />
      <Row label={t('settings.contentWidth')} hint={t('settings.contentWidthHint')}>
        <Select<ContentWidth>
          size="small"
          style={{ width: 96 }}
          aria-label={t('settings.contentWidth')}
          value={settings.contentWidth}
          onChange={(contentWidth) => update({ contentWidth })}
          options={[
            { value: 'Fixed', label: t('settings.fixed') },
            { value: 'Fluid', label: t('settings.fluid') },
          ]}
        />
      </Row>
      <Row label={t('settings.fixedHeader')}>
        <Switch
          size="small"
          aria-label={t('settings.fixedHeader')}
          checked={settings.fixedHeader}
          onChange={(fixedHeader) => update({ fixedHeader })}
        />
      </Row>
      <Row
        label={t('settings.autoHideHeader')}
        hint={disabled.autoHideHeader ? t('settings.autoHideHeaderHint') : undefined}
      >
        <Switch
          size="small"
          aria-label={t('settings.autoHideHeader')}
          checked={settings.autoHideHeader}
          disabled={disabled.autoHideHeader}
          onChange={(autoHideHeader) => update({ autoHideHeader })}
        />
      </Row>
      <Row
        label={t('settings.fixedSidebar')}
        hint={disabled.fixedSidebar ? t('settings.fixedSidebarHint') : undefined}
      >
        <Switch
          size="small"
          aria-label={t('settings.fixedSidebar')}
          checked={settings.fixedSidebar}
          disabled={disabled.fixedSidebar}
          onChange={(fixedSidebar) => update({ fixedSidebar })}
        />
      </Row>

      <Divider />
      <Typography.Title level={5}>{t('settings.other')}</Typography.Title>
      <Row label={t('settings.colorWeak')}>
        <Switch
          size="small"
          aria-label={t('settings.colorWeak')}
          checked={settings.colorWeak}
          onChange={(colorWeak) => update({ colorWeak })}
        />
      </Row>
      <Row label={t('settings.multiTab')}>
        <Switch
          size="small"
          aria-label={t('settings.multiTab')}
          checked={settings.multiTab}
          onChange={(multiTab) => update({ multiTab })}
        />
      </Row>
      <Row label={t('settings.language')}>
        <Select
          size="small"
          style={{ width: 120 }}
          aria-label={t('settings.language')}
          value={language}
          onChange={(lang: string) => void changeLanguage(lang)}
          options={SUPPORTED_LANGUAGES.map((lang) => ({ value: lang, label: t(`shared:language.${lang}`) }))}
        />
      </Row>

      <Divider />
      <Typography.Paragraph type="secondary">{t('settings.hint')}</Typography.Paragraph>
      <Space wrap>
        <Button
          icon={<CopyOutlined />}
          onClick={() => void copyText(formatSettingsForCopy(settings), { variant: 'settings' })}
        >
          {t('settings.copy')}
        </Button>
        <Button icon={<UndoOutlined />} onClick={() => settingsStore.reset()}>
          {t('settings.reset')}
        </Button>
      </Space>
    </Drawer>
  );
};
