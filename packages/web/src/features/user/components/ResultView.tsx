import type { ReactNode } from 'react';

export type ResultViewProps = {
  kind: 'success' | 'info' | 'warning';
  description: ReactNode;
  children?: ReactNode;
};

const ICONS: Record<ResultViewProps['kind'], string> = {
  success: 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm-1.2 14.2-4.3-4.3 1.4-1.4 2.9 2.9 6-6 1.4 1.4-7.4 7.4Z',
  info: 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm1 15h-2v-6h2v6Zm0-8h-2V7h2v2Z',
  warning: 'M1 21h22L12 2 1 21Zm12-3h-2v-2h2v2Zm0-4h-2v-4h2v4Z',
};

/** Outcome panel of the result and information pages: an icon, a message, then actions. */
export const ResultView = ({ kind, description, children }: ResultViewProps) => (
  <div className={`ok-result ok-result--${kind}`}>
    <svg
      className="ok-result__icon"
      viewBox="0 0 24 24"
      width="56"
      height="56"
      aria-hidden="true"
      focusable="false"
    >
      <path fill="currentColor" d={ICONS[kind]} />
    </svg>
    <div className="ok-result__description">{description}</div>
    {children && <div className="ok-result__actions">{children}</div>}
  </div>
);
