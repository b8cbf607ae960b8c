import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** antd's table scroll containers: the whole table (scroll.x) or its body under a fixed head (scroll.y). */
const SCROLLER_SELECTOR = '.ant-table-content, .ant-table-body';
const MARK = 'okScrollRegion';

const isScrollable = (element: HTMLElement): boolean => {
  const style = element.ownerDocument.defaultView?.getComputedStyle(element);
  const overflow = `${style?.overflowX ?? element.style.overflowX} ${style?.overflowY ?? element.style.overflowY}`;
  return /\b(auto|scroll)\b/.test(overflow);
};

/** The title a person sees above the table: a ProTable's toolbar title or its card's. */
const findTableTitle = (element: HTMLElement): string => {
  const table = element.closest('.ant-pro-table, .ant-card');
  const title = table?.querySelector('.ant-pro-table-list-toolbar-title, .ant-card-head-title');
  return title?.textContent?.trim() ?? '';
};

/**
 * Makes every scrolling table area reachable by keyboard (WCAG 2.1.1; axe `scrollable-region-focusable`):
 * focusable, a named region, so arrow keys scroll it even when no cell holds a link. Attributes set
 * before stay (a table that chose its own name or tab order keeps it).
 */
export const markTableScrollRegions = (
  root: ParentNode,
  nameOf: (title: string) => string,
): HTMLElement[] => {
  const marked: HTMLElement[] = [];
  for (const element of root.querySelectorAll<HTMLElement>(SCROLLER_SELECTOR)) {
    const isOurs = element.dataset[MARK] === 'true';
    if (!isScrollable(element)) {
      if (isOurs) {
        element.removeAttribute('tabindex');
        element.removeAttribute('role');
        element.removeAttribute('aria-label');
        delete element.dataset[MARK];
      }
      continue;
    }
    if (!isOurs && (element.hasAttribute('tabindex') || element.hasAttribute('role'))) continue;
    element.dataset[MARK] = 'true';
    element.tabIndex = 0;
    element.setAttribute('role', 'region');
    const name = nameOf(findTableTitle(element));
    if (element.getAttribute('aria-label') !== name) element.setAttribute('aria-label', name);
    marked.push(element);
  }
  return marked;
};

/**
 * Keeps `markTableScrollRegions` applied while tables come and go: one place for every ProTable and
 * antd Table of the console, whichever page renders it.
 */
export const TableScrollAccess = () => {
  const { t } = useTranslation('app');
  useEffect(() => {
    const nameOf = (title: string) =>
      title ? t('table.scrollRegion', { title }) : t('table.scrollRegionUnnamed');
    let frame = 0;
    const schedule = () => {
      if (frame !== 0) return;
      frame = window.requestAnimationFrame(() => {
        frame = 0;
        markTableScrollRegions(document, nameOf);
      });
    };
    markTableScrollRegions(document, nameOf);
    const observer = new MutationObserver(schedule);
    // New nodes only: a table's overflow follows its `scroll` prop, fixed for the life of its scroller.
    observer.observe(document.body, { childList: true, subtree: true });
    return () => {
      observer.disconnect();
      if (frame !== 0) window.cancelAnimationFrame(frame);
    };
  }, [t]);
  return null;
};
