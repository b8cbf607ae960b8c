import { ArticleList } from './ArticleList';

/* The menu's article lists (spec §2 "Knowledge base"): one component, configured by type. */

export const SupportListPage = () => <ArticleList type="support" />;
export const BlogListPage = () => <ArticleList type="blog" />;
export const InternalListPage = () => <ArticleList type="knowledge" />;
export const TenderListPage = () => <ArticleList type="zhaobiao" />;
export const DailyEnglishListPage = () => <ArticleList type="jinrimeiyu" />;
export const TikuQaListPage = () => <ArticleList type="tikuqa" />;
