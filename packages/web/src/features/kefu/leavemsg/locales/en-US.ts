/** The `kefuLeavemsg` namespace (kefu → leave messages), en-US. zh-CN mirrors these keys. */
export const kefuLeavemsgEnUS = {
  title: 'Leave messages',
  empty: 'No leave messages match these filters',
  filters: {
    status: 'Status',
    workgroup: 'Skill group',
    time: 'Time',
  },
  status: {
    unread: 'Unread',
    read: 'Read',
    replied: 'Replied',
    closed: 'Closed',
  },
  columns: {
    visitor: 'Visitor',
    content: 'Message',
    contact: 'Contact',
    workgroup: 'Skill group',
    status: 'Status',
    reply: 'Reply',
    createdAt: 'Left',
    actions: 'Actions',
  },
  noWorkgroup: '—',
  emailed: 'Emailed',
  notEmailed: 'Not emailed',
  repliedBy: '{{agent}}, {{time}}',
  actions: {
    read: 'Mark read',
    reply: 'Reply',
    close: 'Close',
    closeConfirm: 'Close this leave message?',
    closeHint: 'A closed message can no longer be answered.',
    cancel: 'Cancel',
  },
  done: {
    read: 'Marked read',
    closed: 'Leave message closed',
    repliedEmailed: 'Reply saved and emailed to {{email}}',
    repliedNotEmailed:
      'Reply saved; it could not be emailed to {{email}} (mail is not set up on the server, or sending failed). The visitor sees it in the chat window.',
    repliedInWidget: 'Reply saved; the visitor sees it in the chat window when they return',
  },
  replyModal: {
    title: 'Reply to {{visitor}}',
    original: 'Their message',
    contact: 'Contact',
    reply: 'Reply',
    placeholder: 'Your answer',
    required: 'Write a reply',
    tooLong: 'At most {{max}} characters',
    viaEmail: 'The reply is also emailed to {{email}}.',
    viaWidget: 'No email address was left: the visitor sees the reply in the chat window when they return.',
    submit: 'Send reply',
    cancel: 'Cancel',
  },
};

export type KefuLeavemsgMessages = typeof kefuLeavemsgEnUS;
