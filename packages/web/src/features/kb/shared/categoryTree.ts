import type { CategoryTreeNode } from '@openkefu/contract';

/* Helpers over `GET /api/category/tree` answers. */

export type TreeOption = { value: string; title: string; children: TreeOption[]; disabled?: boolean };

/** The tree as TreeSelect options; `excluded` (and everything below it) is left out. */
export const toTreeOptions = (nodes: CategoryTreeNode[], excluded?: string): TreeOption[] =>
  nodes
    .filter((node) => node.cid !== excluded)
    .map((node) => ({ value: node.cid, title: node.name, children: toTreeOptions(node.children, excluded) }));

export const flattenTree = (nodes: CategoryTreeNode[]): CategoryTreeNode[] =>
  nodes.flatMap((node) => [node, ...flattenTree(node.children)]);

export const findNode = (nodes: CategoryTreeNode[], cid: string): CategoryTreeNode | undefined =>
  flattenTree(nodes).find((node) => node.cid === cid);

/** Articles directly in the node and in every category below it. */
export const countArticles = (node: CategoryTreeNode): number =>
  node.articleCount + node.children.reduce((sum, child) => sum + countArticles(child), 0);

export const countDescendants = (node: CategoryTreeNode): number =>
  node.children.reduce((sum, child) => sum + 1 + countDescendants(child), 0);

/** Siblings of a category (the children of its parent, or the top level). */
export const siblingsOf = (nodes: CategoryTreeNode[], parent: string | null): CategoryTreeNode[] =>
  parent === null ? nodes : (findNode(nodes, parent)?.children ?? []);
