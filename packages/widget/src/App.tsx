import { useMemo, useState } from 'preact/hooks';
import { createTranslator } from './i18n.js';
import { visitorScopeOf } from './identity.js';
import { PreChatForm } from './PreChatForm.js';
import { connectChat } from './realtime.js';
import { useChat, type WidgetParams } from './state/useChat.js';
import { useSupport, type SupportPanel } from './state/useSupport.js';
import { ChatView } from './views/ChatView.js';
import { Header, TopTip } from './views/Header.js';
import { HelpSearch } from './views/HelpSearch.js';
import { LeaveMessageView } from './views/LeaveMessageView.js';
import { PreviewView } from './views/PreviewView.js';
import { isStatusPhase, StatusView } from './views/StatusView.js';
import { SupportMenu } from './views/SupportMenu.js';
import { SupportView } from './views/SupportViews.js';

export type { WidgetParams } from './state/useChat.js';

type AppProps = {
  params: WidgetParams;
  base?: string;
  /** The socket factory; tests pass a fake. */
  connect?: typeof connectChat;
};

/** The visitor's chat page: the console's preview, or the live chat. */
export const App = ({ params, base = '', connect = connectChat }: AppProps) =>
  params.isPreview ? (
    <PreviewView t={createTranslator(params.language)} params={params} base={base} />
  ) : (
    <LiveChat params={params} base={base} connect={connect} />
  );

const LiveChat = ({ params, base, connect }: Required<AppProps>) => {
  const t = useMemo(() => createTranslator(params.language), [params.language]);
  const chat = useChat({ params, base, connect });
  const { phase, settings, thread } = chat.state;
  // The address's org and wid, or, for an app key, its organisation and its channel's skill group.
  const { org, wid } = chat.target;
  const canEnd = phase.kind === 'chat' && thread !== null && thread.status !== 'closed';
  // Feedback and tickets (issue 15) once the visitor holds a token; the chat keeps running beneath.
  const hasVisitor = ['chat', 'leave', 'form', 'help'].includes(phase.kind);
  const support = useSupport({ api: chat.api, scope: visitorScopeOf(params), isReady: hasVisitor });
  const [panel, setPanel] = useState<SupportPanel | null>(null);
  const canTicket = Boolean(settings?.widgetTicket && wid);

  return (
    <div class="okw" lang={params.language}>
      <Header t={t} settings={settings}>
        {canEnd && thread.status === 'robot' && (
          <button
            type="button"
            class="okw-link okw-header-action"
            data-testid="robot-transfer"
            disabled={chat.state.isTransferring}
            onClick={() => void chat.transferToAgent()}
          >
            {t('robotTransfer')}
          </button>
        )}
        {canEnd && (
          <button
            type="button"
            class="okw-link"
            data-testid="chat-end"
            onClick={() => {
              if (window.confirm(t('endConfirm'))) void chat.endChat();
            }}
          >
            {t('endChat')}
          </button>
        )}
        {hasVisitor && (
          <SupportMenu
            t={t}
            canTicket={canTicket}
            hasTickets={(support.tickets?.length ?? 0) > 0}
            unread={support.unread}
            onOpen={setPanel}
          />
        )}
      </Header>
      <main class="okw-main">
        <TopTip settings={settings} />
        {panel && hasVisitor && (
          <SupportView
            t={t}
            api={chat.api}
            language={params.language}
            panel={panel}
            support={support}
            wid={canTicket ? wid : null}
            page={params.page}
            onPanel={setPanel}
          />
        )}
        {/* Hidden, not unmounted, under a support view: a draft in the composer survives. */}
        <div class="okw-phase" hidden={Boolean(panel && hasVisitor)}>
          {isStatusPhase(phase) && <StatusView t={t} phase={phase} onRetry={() => void chat.start()} />}
          {phase.kind === 'form' && (
            <PreChatForm
              t={t}
              language={params.language}
              api={chat.api}
              form={phase.form}
              onSubmit={chat.submitForm}
            />
          )}
          {phase.kind === 'help' && wid && (
            <HelpSearch t={t} api={chat.api} org={org} wid={wid} onStart={() => void chat.startAfterHelp()} />
          )}
          {phase.kind === 'leave' && (
            <LeaveMessageView
              t={t}
              api={chat.api}
              tip={phase.tip}
              settings={settings}
              target={{ wid, aid: params.aid }}
              search={
                settings?.helpCenterSearch && wid && <HelpSearch t={t} api={chat.api} org={org} wid={wid} />
              }
            />
          )}
          {phase.kind === 'chat' && (
            <ChatView
              t={t}
              chat={chat}
              language={params.language}
              commodity={params.commodity}
              featuredCall={params.featuredCall}
            />
          )}
        </div>
      </main>
    </div>
  );
};
