import { Component, lazy, Suspense, useState, type ReactNode } from 'react';
import { Alert, Button, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { EDITOR_NS } from './i18n';
import type { RichTextEditorProps } from './types';
import './richText.css';

/*
 * DESIGN §8 "rich text": the console's one editor. tiptap, turndown and markdown-it are in the
 * lazily loaded chunk of RichTextEditorImpl (≈150 KB gzip), so a page that shows the editor only
 * in a drawer or on demand does not carry it in its own chunk.
 */

const loadEditor = () =>
  import('./RichTextEditorImpl').then((module) => ({ default: module.RichTextEditorImpl }));

let LazyEditor = lazy(loadEditor);

class LoadBoundary extends Component<
  { children: ReactNode; fallback: (retry: () => void) => ReactNode },
  { hasFailed: boolean }
> {
  override state = { hasFailed: false };

  static getDerivedStateFromError() {
    return { hasFailed: true };
  }

  override render() {
    if (!this.state.hasFailed) return this.props.children;
    return this.props.fallback(() => {
      // React caches a failed lazy component: a new one tries the import again.
      LazyEditor = lazy(loadEditor);
      this.setState({ hasFailed: false });
    });
  }
}

const EditorLoading = ({ minHeight }: { minHeight: number }) => {
  const { t } = useTranslation(EDITOR_NS);
  return (
    <div className="ok-rte ok-rte--loading" style={{ minHeight }} role="status" aria-label={t('loading')}>
      <Skeleton active paragraph={{ rows: 4 }} title={false} />
    </div>
  );
};

export const RichTextEditor = (props: RichTextEditorProps) => {
  const { t } = useTranslation(EDITOR_NS);
  const [, setAttempt] = useState(0);
  const minHeight = props.minHeight ?? 240;
  return (
    <LoadBoundary
      fallback={(retry) => (
        <Alert
          type="error"
          showIcon
          title={t('loadFailed')}
          action={
            <Button
              size="small"
              onClick={() => {
                retry();
                setAttempt((n) => n + 1);
              }}
            >
              {t('retry')}
            </Button>
          }
        />
      )}
    >
      <Suspense fallback={<EditorLoading minHeight={minHeight} />}>
        <LazyEditor {...props} />
      </Suspense>
    </LoadBoundary>
  );
};

/** Starts loading the editor's chunk ahead of need (e.g. when a list page opens). */
export const preloadRichTextEditor = (): void => {
  void loadEditor().catch(() => undefined);
};
