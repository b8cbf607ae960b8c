import { useEffect, useState } from 'react';
import type { Announcement, Envelope } from '@openkefu/contract';
import { http } from '../../../shared/api/http';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../../shared/i18n';
import { dismissAnnouncement, readDismissed } from './dismissed';
import './loginAnnouncements.css';

/*
 * The sign-in page stays light (DESIGN §5/§7: no antd there), so these few strings are their own
 * small namespace rather than the billing one.
 */
const NS = 'loginAnnouncements';
i18n.addResourceBundle('en-US', NS, { label: 'Announcements', dismiss: 'Close "{{title}}"' }, true, true);
i18n.addResourceBundle('zh-CN', NS, { label: '公告', dismiss: '关闭「{{title}}」' }, true, true);

/** `GET /announcement/login` (no sign-in): the running announcements marked for the sign-in page. */
export const fetchLoginAnnouncements = async (): Promise<Announcement[]> => {
  const body = await http.get<Envelope<unknown> | undefined>('/announcement/login', { silent: true });
  // A public page must not break on an unexpected answer (a proxy's page, an older server).
  const list = body?.data;
  return Array.isArray(list)
    ? list.filter(
        (item): item is Announcement =>
          typeof item === 'object' &&
          item !== null &&
          typeof (item as Announcement).anid === 'string' &&
          typeof (item as Announcement).title === 'string',
      )
    : [];
};

/**
 * The platform's announcements above the sign-in form. Loaded after the form is shown; a failure
 * shows nothing. Closing one remembers it in this browser, as in the console.
 */
export const LoginAnnouncements = () => {
  const { t } = useTranslation(NS);
  const [announcements, setAnnouncements] = useState<Announcement[]>([]);
  const [dismissed, setDismissed] = useState<string[]>([]);
  useEffect(() => {
    let isActive = true;
    setDismissed(readDismissed());
    fetchLoginAnnouncements().then(
      (list) => {
        if (isActive) setAnnouncements(list);
      },
      () => undefined,
    );
    return () => {
      isActive = false;
    };
  }, []);
  const shown = announcements.filter((announcement) => !dismissed.includes(announcement.anid));
  if (shown.length === 0) return null;
  return (
    <section className="ok-login-notes" aria-label={t('label')}>
      {shown.map((announcement) => (
        <article key={announcement.anid} className="ok-login-notes__item">
          <div className="ok-login-notes__body">
            <h2 className="ok-login-notes__title">{announcement.title}</h2>
            {announcement.content && (
              // The server sanitises announcement HTML on save (DESIGN §8 "rich text").
              <div
                className="ok-login-notes__content"
                dangerouslySetInnerHTML={{ __html: announcement.content }}
              />
            )}
          </div>
          <button
            type="button"
            className="ok-login-notes__close"
            aria-label={t('dismiss', { title: announcement.title })}
            onClick={() => setDismissed(dismissAnnouncement(announcement.anid))}
          >
            ×
          </button>
        </article>
      ))}
    </section>
  );
};
