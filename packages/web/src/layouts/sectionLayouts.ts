/**
 * The per-area layouts of spec §2. They differ only in their section (menu, class name) and in
 * whether they show the footer, so one SectionLayout takes the layout key from the menu tree.
 */
export type SectionLayoutKey =
  | 'BasicLayout'
  | 'CrmLayout'
  | 'KbLayout'
  | 'RobotLayout'
  | 'SettingsLayout'
  | 'StatisticLayout'
  | 'PlatformLayout'
  | 'TicketLayout'
  | 'ChannelLayout'
  | 'FeedbackLayout'
  | 'DashboardLayout'
  | 'QualityLayout'
  | 'FormLayout';

export type SectionLayoutConfig = { className: string; hasFooter: boolean };

export const sectionLayouts: Record<SectionLayoutKey, SectionLayoutConfig> = {
  BasicLayout: { className: 'ok-layout-basic', hasFooter: false },
  CrmLayout: { className: 'ok-layout-crm', hasFooter: false },
  KbLayout: { className: 'ok-layout-kb', hasFooter: false },
  RobotLayout: { className: 'ok-layout-robot', hasFooter: false },
  SettingsLayout: { className: 'ok-layout-settings', hasFooter: false },
  StatisticLayout: { className: 'ok-layout-statistic', hasFooter: false },
  PlatformLayout: { className: 'ok-layout-platform', hasFooter: false },
  TicketLayout: { className: 'ok-layout-ticket', hasFooter: false },
  ChannelLayout: { className: 'ok-layout-channel', hasFooter: false },
  FeedbackLayout: { className: 'ok-layout-feedback', hasFooter: false },
  DashboardLayout: { className: 'ok-layout-dashboard', hasFooter: true },
  QualityLayout: { className: 'ok-layout-quality', hasFooter: false },
  FormLayout: { className: 'ok-layout-form', hasFooter: false },
};

export const getSectionLayout = (layoutKey: string): SectionLayoutConfig =>
  sectionLayouts[layoutKey as SectionLayoutKey] ?? sectionLayouts.BasicLayout;
