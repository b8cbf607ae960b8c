import '../shared/i18n';
import '../shared/ticket.css';
import { Alert, Button, Drawer, Tabs, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { parseError } from '../../../shared/api/parseError';
import { CategoryTreePanel } from '../../kb/shared/CategoryTreePanel';
import { ticketCategoryTreeKey, useTicketCategoryTree } from '../shared/hooks';
import { TICKET_NS } from '../shared/i18n';
import { InboundMailPanel } from './InboundMailPanel';
import { SlaPolicyForm } from './SlaPolicyForm';

export const settingsTabs = ['sla', 'categories', 'email'] as const;
export type SettingsTab = (typeof settingsTabs)[number];

export const isSettingsTab = (value: string | null): value is SettingsTab =>
  settingsTabs.includes(value as SettingsTab);

/** Ticket categories: the knowledge base's tree editor, with the ticket namespace's texts. */
const CategoriesTab = () => {
  const { t } = useTranslation(TICKET_NS);
  const queryClient = useQueryClient();
  const tree = useTicketCategoryTree();
  if (tree.isError)
    return (
      <Alert
        type="error"
        showIcon
        title={t('settings.categoriesTab.loadFailed')}
        description={parseError(tree.error).message}
        action={
          <Button size="small" onClick={() => void tree.refetch()}>
            {t('actions.retry')}
          </Button>
        }
      />
    );
  return (
    <>
      <Typography.Paragraph type="secondary">{t('settings.categoriesTab.intro')}</Typography.Paragraph>
      <div className="ok-ticket-settings__tree">
        <CategoryTreePanel
          type="ticket"
          ns={TICKET_NS}
          tree={tree.data ?? []}
          isLoading={tree.isPending}
          selected={undefined}
          onSelect={() => undefined}
          canManage
          onChanged={() => void queryClient.invalidateQueries({ queryKey: ticketCategoryTreeKey })}
        />
      </div>
    </>
  );
};

export type TicketSettingsDrawerProps = {
  tab: SettingsTab;
  onTab: (tab: SettingsTab) => void;
  onClose: () => void;
};

/**
 * The ticket section's administration (Zendesk/Freshdesk keep it beside the tickets, not in the
 * menu): SLA policies, categories, email. Opened from the ticket list's toolbar by those allowed to
 * manage tickets (ticket.list delete, which the server requires for each of these changes).
 */
export const TicketSettingsDrawer = ({ tab, onTab, onClose }: TicketSettingsDrawerProps) => {
  const { t } = useTranslation(TICKET_NS);
  return (
    <Drawer open title={t('settings.title')} size={900} onClose={onClose} destroyOnHidden>
      <Tabs
        activeKey={tab}
        onChange={(key) => onTab(key as SettingsTab)}
        destroyOnHidden
        items={settingsTabs.map((key) => ({
          key,
          label: t(`settings.tabs.${key}`),
          children:
            key === 'sla' ? (
              <SlaPolicyForm />
            ) : key === 'categories' ? (
              <CategoriesTab />
            ) : (
              <InboundMailPanel />
            ),
        }))}
      />
    </Drawer>
  );
};
