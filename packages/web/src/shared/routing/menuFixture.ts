import type { MenuNode } from '@openkefu/contract';

/** Test fixture: menu trees shaped like the server's seed (section rows + `<section>.<item>` rows). */
type ItemSpec = {
  key: string;
  title?: string;
  titleEn?: string;
  icon?: string;
  show?: boolean;
  debugOnly?: boolean;
  path?: string;
};
type SectionSpec = {
  key: string;
  segment?: string;
  layout?: string;
  defaultItem?: string;
  title?: string;
  titleEn?: string;
  items: ItemSpec[];
};

let counter = 0;
const base = (): Omit<
  MenuNode,
  'name' | 'key' | 'path' | 'component' | 'title' | 'titleEn' | 'type' | 'children'
> => ({
  mid: `m${(counter += 1)}`,
  parentId: null,
  icon: 'AppstoreOutlined',
  order: counter,
  show: true,
  hideChildren: false,
  redirect: '',
  authorities: [],
  debugOnly: false,
  adminOnly: false,
  platform: 'kefu',
});

export const makeMenu = (sections: SectionSpec[]): MenuNode[] =>
  sections.map((section) => {
    const segment = section.segment ?? section.key;
    const parent = base();
    return {
      ...parent,
      name: section.key,
      key: section.key,
      path: `/stable/${segment}`,
      component: section.layout ?? 'BasicLayout',
      title: section.title ?? section.key,
      titleEn: section.titleEn ?? section.key,
      type: 'section',
      redirect: section.defaultItem ? `/stable/${segment}/${section.defaultItem}` : '',
      children: section.items.map((item) => ({
        ...base(),
        parentId: parent.mid,
        name: `${section.key}.${item.key}`,
        key: item.key,
        path: item.path ?? `/stable/${segment}/${item.key}`,
        component: `${section.key}/${item.key}`,
        title: item.title ?? `${item.key}-zh`,
        titleEn: item.titleEn ?? `${item.key}-en`,
        icon: item.icon ?? 'AppstoreOutlined',
        show: item.show ?? true,
        debugOnly: item.debugOnly ?? false,
        type: item.show === false ? 'route' : 'item',
        children: [],
      })),
    };
  });

/** A small but complete tree: dashboard, kefu (with debug-only, hidden and external items), platform. */
export const sampleMenu = (): MenuNode[] =>
  makeMenu([
    {
      key: 'dashboard',
      layout: 'DashboardLayout',
      defaultItem: 'workplace',
      title: '首页',
      titleEn: 'Dashboard',
      items: [
        { key: 'workplace', title: '工作台', titleEn: 'Workplace' },
        { key: 'analysis', title: '分析页', titleEn: 'Analysis' },
        { key: 'guide', debugOnly: true },
        { key: 'preview', show: false },
      ],
    },
    {
      key: 'kefu',
      layout: 'BasicLayout',
      defaultItem: 'account',
      title: '客服',
      titleEn: 'Customer service',
      items: [
        { key: 'account', title: '客服账号', titleEn: 'Agents' },
        { key: 'group', title: '技能组', titleEn: 'Skill groups' },
        { key: 'monitor', debugOnly: true },
        { key: 'form', show: false },
        { key: 'docs', title: '文档', titleEn: 'Docs', path: 'https://docs.example.com/kefu' },
      ],
    },
    {
      key: 'platform',
      layout: 'PlatformLayout',
      defaultItem: 'menu',
      title: '平台',
      titleEn: 'Platform',
      items: [{ key: 'menu', title: '菜单', titleEn: 'Menus' }],
    },
  ]);
