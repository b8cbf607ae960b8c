/** The `kefuForm` namespace (kefu → pre-chat form), en-US. zh-CN mirrors these keys. */
export const kefuFormEnUS = {
  title: 'Pre-chat forms',
  intro:
    'Skill groups with "show form" on ask a form before a chat starts: the one chosen in the skill group\'s settings, else the organisation default below, else the built-in form (name, mobile, email). Pre-chat forms are built, published and answered like every other form; a choice may put the visitor through to another skill group.',
  defaultLabel: 'Organisation default',
  defaultNone: 'Built-in form (name, mobile, email)',
  defaultSaved: 'Default pre-chat form saved',
  loadFailed: 'The published forms could not be loaded',
  builtins: { name: 'Name', mobile: 'Mobile number', email: 'Email', age: 'Age', job: 'Occupation' },
  answers: { title: 'Pre-chat form', loadFailed: 'The form answers could not be loaded' },
};
