import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Spec §1: the page title is the route title followed by the product tagline. */
export const useDocumentTitle = (title: string): void => {
  const { t } = useTranslation('shared');
  const tagline = t('product.tagline');
  useEffect(() => {
    document.title = title.trim() ? `${title} - ${tagline}` : tagline;
  }, [title, tagline]);
};
