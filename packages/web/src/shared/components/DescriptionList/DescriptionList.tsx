import type { ReactNode } from 'react';
import './DescriptionList.css';

export type DescriptionListProps = {
  title?: ReactNode;
  /** Columns on wide screens, 1 to 4 (spec §9); fewer on narrow screens. Default 3. */
  col?: number;
  /** `vertical` puts each term above its value. */
  layout?: 'horizontal' | 'vertical';
  size?: 'default' | 'small' | 'large';
  className?: string;
  children?: ReactNode;
};

export type DescriptionProps = {
  term?: ReactNode;
  children?: ReactNode;
  className?: string;
};

const clampColumns = (col: number | undefined): number => {
  const value = Math.round(col ?? 3);
  if (!Number.isFinite(value)) return 3;
  return Math.min(4, Math.max(1, value));
};

/** A titled grid of term/value pairs: 1 column on phones, up to `col` on wide screens. */
export const DescriptionList = ({
  title,
  col,
  layout = 'horizontal',
  size = 'default',
  className,
  children,
}: DescriptionListProps) => {
  const columns = clampColumns(col);
  const classes = ['ok-dl', `ok-dl--col-${columns}`, `ok-dl--${layout}`, `ok-dl--${size}`, className]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={classes} data-col={columns}>
      {title !== undefined && title !== null && <div className="ok-dl__title">{title}</div>}
      <dl className="ok-dl__grid">{children}</dl>
    </div>
  );
};

export const Description = ({ term, children, className }: DescriptionProps) => (
  <div className={['ok-dl__item', className].filter(Boolean).join(' ')}>
    {term !== undefined && term !== null && <dt className="ok-dl__term">{term}</dt>}
    <dd className="ok-dl__detail">{children ?? '-'}</dd>
  </div>
);
