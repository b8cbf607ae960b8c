import { TicketList } from './TicketList';

/* The section's ticket lists (issue 15): one component, configured by views and source. */

export const TicketListPage = () => (
  <TicketList views={['all', 'unassigned', 'open', 'pending', 'overdue']} titleKey="titles.list" />
);
export const MyTicketPage = () => (
  <TicketList views={['mine', 'reported', 'watching']} titleKey="titles.my" />
);
export const FeedbackTicketPage = () => (
  <TicketList
    views={['all', 'unassigned', 'open', 'pending', 'overdue']}
    source="feedback"
    titleKey="titles.fdlist"
  />
);
