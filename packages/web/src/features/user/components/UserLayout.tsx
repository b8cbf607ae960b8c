import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from './LanguageSwitch';
import { usePublicConfig } from '../hooks/usePublicConfig';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import './user.css';
import '../i18n';

export type UserLayoutProps = {
  /** Heading of the card, also the document title. */
  title: string;
  /** Wider card for forms with many fields. */
  isWide?: boolean;
  children: ReactNode;
};

const logoUrl = `${import.meta.env.BASE_URL}favicon.svg`;

/** The frame of every public page: logo and tagline, a centred card, language switch, footer links. */
export const UserLayout = ({ title, isWide = false, children }: UserLayoutProps) => {
  const { t } = useTranslation('user');
  const { config } = usePublicConfig();
  useDocumentTitle(title);
  const productName = config?.productName || t('shared:product.name');
  // Spec §1: private-server mode hides the provider's links.
  const links = config && !config.privateServer ? config.links : null;
  const footerLinks = links
    ? [
        { href: links.help, label: t('common.help') },
        { href: links.agreement, label: t('common.agreement') },
        { href: links.support, label: t('common.support') },
      ].filter((link) => link.href)
    : [];

  return (
    <div className="ok-user">
      <header className="ok-user__top">
        <LanguageSwitch />
      </header>
      <main className="ok-user__main">
        <div className="ok-user__brand">
          <img className="ok-user__logo" src={logoUrl} alt="" width="44" height="44" />
          <div>
            <div className="ok-user__product">{productName}</div>
            <div className="ok-user__tagline">{t('shared:product.tagline')}</div>
          </div>
        </div>
        <section
          className={isWide ? 'ok-user__card ok-user__card--wide' : 'ok-user__card'}
          aria-labelledby="ok-user-title"
        >
          <h1 id="ok-user-title" className="ok-user__title">
            {title}
          </h1>
          {children}
        </section>
      </main>
      <footer className="ok-user__footer">
        {footerLinks.length > 0 && (
          <nav className="ok-user__footer-links">
            {footerLinks.map((link) => (
              <a key={link.label} href={link.href} target="_blank" rel="noopener noreferrer">
                {link.label}
              </a>
            ))}
          </nav>
        )}
        <div>{t('common.copyright', { year: new Date().getFullYear(), name: productName })}</div>
      </footer>
    </div>
  );
};
