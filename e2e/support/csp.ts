import type { Page } from 'playwright-core';

/**
 * Content-Security-Policy violations as the browser reports them (`securitypolicyviolation`), from
 * every document and frame of a page, from before its first script runs. The listener reports
 * through a Playwright binding, so a report survives in-app navigation and full reloads alike.
 */

export type CspViolation = { page: string; directive: string; blocked: string; source: string };

type Report = Omit<CspViolation, 'page'>;

const bindingName = '__okReportCspViolation';

export const watchCsp = async (page: Page) => {
  const found: CspViolation[] = [];
  await page.exposeBinding(bindingName, ({ frame }, report: Report) => {
    const url = new URL(frame.url());
    found.push({ page: `${url.pathname}${url.search}`, ...report });
  });
  await page.addInitScript((name: string) => {
    document.addEventListener(
      'securitypolicyviolation',
      (event) => {
        const report = (window as unknown as Record<string, (value: unknown) => Promise<void>>)[name];
        void report?.({
          directive: event.effectiveDirective,
          blocked: event.blockedURI,
          source: `${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`,
        });
      },
      true,
    );
  }, bindingName);
  return {
    /** The violations reported since the last call, which it forgets. */
    take: (): CspViolation[] => found.splice(0, found.length),
  };
};

export const formatCspViolations = (violations: CspViolation[]): string =>
  violations
    .map(
      (violation) =>
        `${violation.directive} blocked ${violation.blocked || '(inline)'} on ${violation.page} at ${violation.source}`,
    )
    .join('\n');
