/** The `kefuMonitor` namespace (kefu → live monitor), en-US. zh-CN mirrors these keys. */
export const kefuMonitorEnUS = {
  title: 'Ongoing conversations',
  empty: 'No conversation is going on right now',
  live: 'Live · refreshes every {{seconds}} seconds · updated {{time}}',
  filters: {
    status: 'Status',
    workgroup: 'Skill group',
  },
  columns: {
    visitor: 'Visitor',
    status: 'Status',
    workgroup: 'Skill group',
    agent: 'Agent',
    content: 'Last message',
    since: 'For',
    unread: 'Unread by agent',
    actions: 'Actions',
  },
  since: {
    queuing: 'Waiting {{duration}}',
    chatting: 'Chatting {{duration}}',
    robot: 'With the robot {{duration}}',
  },
  actions: {
    watch: 'Watch',
    refresh: 'Refresh',
  },
};

export type KefuMonitorMessages = typeof kefuMonitorEnUS;
