/** Spec §1: the route title followed by the product tagline (全渠道智能客服 / All-channel intelligent customer service). */
export const formatPageTitle = (routeTitle: string | null | undefined, tagline: string): string => {
  const title = routeTitle?.trim();
  return title ? `${title} - ${tagline}` : tagline;
};

export const setDocumentTitle = (routeTitle: string | null | undefined, tagline: string): void => {
  if (typeof document !== 'undefined') document.title = formatPageTitle(routeTitle, tagline);
};
