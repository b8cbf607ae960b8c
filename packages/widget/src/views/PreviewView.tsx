import type { WidgetPreview } from '@openkefu/contract';
import { useEffect, useMemo, useState } from 'preact/hooks';
import { createApi } from '../api.js';
import type { Translate } from '../i18n.js';
import type { WidgetParams } from '../state/useChat.js';
import { Composer } from './Composer.js';
import { Header, TopTip } from './Header.js';
import { LeaveMessageView } from './LeaveMessageView.js';
import { MessageList } from './MessageList.js';
import { StatusView } from './StatusView.js';

type Loaded =
  { kind: 'loading' } | { kind: 'error'; reason: string } | { kind: 'ready'; preview: WidgetPreview };

/**
 * The console's embed-code preview (`preview=1`): the chat as a visitor would see it now, from
 * the public read-only preview call. No visitor token, no init, no socket, no thread: a preview
 * must never appear in the records or statistics.
 */
export const PreviewView = ({ t, params, base }: { t: Translate; params: WidgetParams; base: string }) => {
  const isIncomplete = !params.wid && !params.aid;
  const [loaded, setLoaded] = useState<Loaded>({ kind: 'loading' });
  const api = useMemo(
    () => createApi({ base, language: params.language, getToken: () => null }),
    [base, params.language],
  );

  useEffect(() => {
    if (isIncomplete) return;
    api.preview({ org: params.org, wid: params.wid ?? undefined, aid: params.aid ?? undefined }).then(
      (preview) => setLoaded({ kind: 'ready', preview }),
      (error: unknown) =>
        setLoaded({ kind: 'error', reason: error instanceof Error ? error.message : String(error) }),
    );
  }, [api, isIncomplete, params.org, params.wid, params.aid]);

  const preview = loaded.kind === 'ready' ? loaded.preview : null;

  const body = () => {
    if (isIncomplete) return <StatusView t={t} phase={{ kind: 'incomplete' }} />;
    if (loaded.kind !== 'ready') return <StatusView t={t} phase={loaded} />;
    const { code, tip, settings } = loaded.preview;
    if (code === -2) return <StatusView t={t} phase={{ kind: 'unknown' }} />;
    if (code === 203 || code === 204)
      return <LeaveMessageView t={t} tip={tip} settings={settings} target={params} />;
    return (
      <>
        <MessageList
          t={t}
          timeline={
            tip ? [{ kind: 'notice', key: 'tip', notice: { key: 'tip', afterSeq: 0, text: tip } }] : []
          }
        />
        <Composer t={t} isDisabled />
      </>
    );
  };

  return (
    <div class="okw" lang={params.language} data-testid="chat-preview">
      <Header t={t} settings={preview?.settings ?? null} />
      <main class="okw-main">
        <TopTip settings={preview?.settings ?? null} />
        <div class="okw-banner okw-banner--preview" role="note" data-testid="chat-preview-note">
          {t('previewNote')}
        </div>
        {body()}
      </main>
    </div>
  );
};
